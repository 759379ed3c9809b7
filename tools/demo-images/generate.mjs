// Renders the demo catalogue pictures (products, avatars, page illustrations)
// from vector drawings defined below. Run: node tools/demo-images/generate.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TAU = Math.PI * 2;
const DEG = Math.PI / 180;

/* ------------------------------------------------------------------ utilities */

const f = (n) => Math.round(n * 10) / 10;
const pol = (cx, cy, r, a) => [f(cx + r * Math.cos(a)), f(cy + r * Math.sin(a))];
const pt = ([x, y]) => `${x} ${y}`;

const stopsXml = (stops) =>
  stops
    .map(
      ([o, c, op]) =>
        `<stop offset="${o}" stop-color="${c}"${op == null ? '' : ` stop-opacity="${op}"`}/>`,
    )
    .join('');

function lin(id, stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false } = {}) {
  const u = user ? ' gradientUnits="userSpaceOnUse"' : '';
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${u}>${stopsXml(stops)}</linearGradient>`;
}

function rad(id, stops, { cx = 0.5, cy = 0.5, r = 0.5, fx, fy, user = false } = {}) {
  const u = user ? ' gradientUnits="userSpaceOnUse"' : '';
  const fo = fx == null ? '' : ` fx="${fx}" fy="${fy}"`;
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${fo}${u}>${stopsXml(stops)}</radialGradient>`;
}

const blur = (id, sd) =>
  `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`;

function svgDoc(w, h, defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

/** Place a drawing made in an 800x600 frame (centred on 400,290) elsewhere. */
const place = (content, x, y, s, rot = 0) =>
  `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s}) translate(-400 -290)">${content}</g>`;

const ref = (id, attrs = '') => `<use xlink:href="#${id}" ${attrs}/>`;

// Material palettes
const STEEL_FACE = [
  [0, '#f4f6f8'],
  [0.28, '#c9cfd6'],
  [0.5, '#a1aab4'],
  [0.7, '#dde2e7'],
  [1, '#7e8892'],
];
const STEEL_CYL = [
  [0, '#6f7882'],
  [0.12, '#b7bec6'],
  [0.3, '#f6f8fa'],
  [0.45, '#ccd2d8'],
  [0.75, '#7c8690'],
  [0.92, '#5b646e'],
  [1, '#7a838d'],
];
const CHROME_CYL = [
  [0, '#4d565f'],
  [0.18, '#ffffff'],
  [0.32, '#c3cad2'],
  [0.5, '#eef1f4'],
  [0.68, '#59626c'],
  [0.85, '#2f363d'],
  [1, '#8f98a1'],
];
const BRASS_CYL = [
  [0, '#7a5a1c'],
  [0.15, '#d7b25a'],
  [0.32, '#fbeab0'],
  [0.5, '#d9ae4f'],
  [0.8, '#8f6a22'],
  [1, '#b08a3a'],
];
const BRONZE_H = [
  [0, '#6e3b17'],
  [0.2, '#b8743b'],
  [0.38, '#f2c08a'],
  [0.55, '#c98446'],
  [0.85, '#7d4520'],
  [1, '#9a5a2c'],
];

/** Spur gear outline: trapezoid teeth with slightly convex flanks. */
function gearD(cx, cy, n, rr, rt, bw = 0.27, tw = 0.14, a0 = -Math.PI / 2) {
  const p = TAU / n;
  let d = '';
  let start = null;
  for (let i = 0; i < n; i++) {
    const a = a0 + i * p;
    const b0 = pol(cx, cy, rr, a - bw * p);
    const c0 = pol(cx, cy, (rr + rt) / 2, a - ((bw + tw) / 2 - 0.025) * p);
    const t0 = pol(cx, cy, rt, a - tw * p);
    const t1 = pol(cx, cy, rt, a + tw * p);
    const c1 = pol(cx, cy, (rr + rt) / 2, a + ((bw + tw) / 2 - 0.025) * p);
    const b1 = pol(cx, cy, rr, a + bw * p);
    if (!start) {
      start = b0;
      d += `M${pt(b0)}`;
    } else d += `A${rr} ${rr} 0 0 1 ${pt(b0)}`;
    d += `Q${pt(c0)} ${pt(t0)}A${rt} ${rt} 0 0 1 ${pt(t1)}Q${pt(c1)} ${pt(b1)}`;
  }
  return `${d}A${rr} ${rr} 0 0 1 ${pt(start)}Z`;
}

const circleD = (cx, cy, r) =>
  `M${f(cx - r)} ${f(cy)}a${r} ${r} 0 1 0 ${f(2 * r)} 0a${r} ${r} 0 1 0 ${f(-2 * r)} 0Z`;

/** Round bore with a keyway notch at the top. */
function boreKeyD(cx, cy, r, kw, kd) {
  const h = kw / 2;
  const y = f(cy - Math.sqrt(r * r - h * h));
  return `M${f(cx - h)} ${y}L${f(cx - h)} ${f(cy - r - kd)}L${f(cx + h)} ${f(cy - r - kd)}L${f(cx + h)} ${y}A${r} ${r} 0 1 1 ${f(cx - h)} ${y}Z`;
}

/** Side wall of an upright cylinder seen from above (top ellipse at yTop). */
const cylSideD = (cx, yTop, yBot, rx, ry) =>
  `M${f(cx - rx)} ${yTop}L${f(cx - rx)} ${yBot}A${rx} ${ry} 0 0 0 ${f(cx + rx)} ${yBot}L${f(cx + rx)} ${yTop}Z`;

/** Side view of a hex across corners (three faces), horizontal axis. */
function hexSide(p, x0, x1, cy, s, grads, chamfer = 'left') {
  const y = [cy - s, cy - s / 2, cy + s / 2, cy + s];
  const cl = chamfer === 'left' || chamfer === 'both';
  const cr = chamfer === 'right' || chamfer === 'both';
  const c = 9;
  let out = '';
  for (let i = 0; i < 3; i++) {
    const ya = f(y[i]);
    const yb = f(y[i + 1]);
    const ym = f((y[i] + y[i + 1]) / 2);
    const left = cl
      ? `L${x0 + c} ${yb}Q${x0 - 1} ${ym} ${x0 + c} ${ya}`
      : `L${x0} ${yb}L${x0} ${ya}`;
    const right = cr
      ? `L${x1 - c} ${ya}Q${x1 + 1} ${ym} ${x1 - c} ${yb}`
      : `L${x1} ${ya}L${x1} ${yb}`;
    const d = `M${cl ? x0 + c : x0} ${ya}${right.replace(/^L/, 'L')}${left}Z`;
    out += `<path d="${d}" fill="url(#${p}${grads[i]})" stroke="#4a525b" stroke-width="1.2" stroke-linejoin="round"/>`;
  }
  return out;
}

function hexGrads(p, base) {
  const [l, m, d] = base;
  return (
    lin(`${p}hx0`, [
      [0, l[0]],
      [1, l[1]],
    ]) +
    lin(`${p}hx1`, [
      [0, m[0]],
      [0.5, m[1]],
      [1, m[2]],
    ]) +
    lin(`${p}hx2`, [
      [0, d[0]],
      [1, d[1]],
    ])
  );
}
const STEEL_HEX = [
  ['#f7f9fb', '#cfd5db'],
  ['#c2c9d0', '#aab2bb', '#98a1ab'],
  ['#7d8690', '#5c656e'],
];
const BRASS_HEX = [
  ['#fff1c2', '#e3c272'],
  ['#d9b056', '#c89b3f', '#b48630'],
  ['#94701f', '#6e5115'],
];

/* -------------------------------------------------------------- products */
// Each part drawer returns { defs, body } in an 800x600 frame.

function spurGear(p) {
  const cx = 400;
  const cy = 285;
  const rr = 180;
  const rt = 207;
  const defs = [
    `<path id="${p}g" d="${gearD(cx, cy, 26, rr, rt)}"/>`,
    `<path id="${p}bore" d="${boreKeyD(cx, cy, 34, 16, 9)}"/>`,
    `<clipPath id="${p}bc"><use xlink:href="#${p}bore"/></clipPath>`,
    lin(`${p}face`, STEEL_FACE, { x2: 1, y2: 1 }),
    lin(
      `${p}side`,
      [
        [0, '#9aa3ad'],
        [1, '#4f5760'],
      ],
      { x2: 1, y2: 1 },
    ),
    rad(`${p}web`, [
      [0, '#aab2bb'],
      [0.75, '#c7cdd4'],
      [1, '#9099a3'],
    ]),
    lin(
      `${p}rim`,
      [
        [0, '#5a636c'],
        [0.5, '#9aa3ad'],
        [1, '#ffffff'],
      ],
      { x2: 1, y2: 1 },
    ),
    lin(
      `${p}hub`,
      [
        [0, '#ffffff'],
        [0.45, '#c3c9d0'],
        [1, '#7f8892'],
      ],
      { x2: 1, y2: 1 },
    ),
    rad(`${p}hole`, [
      [0, '#dfe5eb'],
      [1, '#c5ced8'],
    ]),
    blur(`${p}b4`, 4),
  ].join('');
  let body = '';
  for (let k = 16; k >= 1; k--)
    body += ref(`${p}g`, `x="${f(k * 0.8)}" y="${f(k * 0.9)}" fill="url(#${p}side)"`);
  body += ref(`${p}g`, `fill="url(#${p}face)" stroke="#5d6670" stroke-width="1.2"`);
  body += ref(
    `${p}g`,
    `fill="none" stroke="#ffffff" stroke-opacity=".55" stroke-width="1.5" transform="translate(-1 -1)"`,
  );
  // recessed web
  body += `<circle cx="${cx}" cy="${cy}" r="${rr - 18}" fill="url(#${p}web)"/>`;
  body += `<circle cx="${cx}" cy="${cy}" r="${rr - 21}" fill="none" stroke="url(#${p}rim)" stroke-width="6"/>`;
  // lightening holes (through, showing a bit of wall)
  for (let i = 0; i < 6; i++) {
    const [hx, hy] = pol(cx, cy, 113, -Math.PI / 2 + (i * TAU) / 6 + TAU / 12);
    body += `<circle cx="${hx}" cy="${hy}" r="27" fill="#6c757f"/>`;
    body += `<clipPath id="${p}h${i}"><circle cx="${hx}" cy="${hy}" r="27"/></clipPath>`;
    body += `<circle cx="${f(hx + 9)}" cy="${f(hy + 10)}" r="27" fill="url(#${p}hole)" clip-path="url(#${p}h${i})"/>`;
    body += `<circle cx="${hx}" cy="${hy}" r="27" fill="none" stroke="url(#${p}rim)" stroke-width="2.5"/>`;
  }
  // hub
  body += `<circle cx="${cx + 4}" cy="${cy + 6}" r="72" fill="#1e252c" opacity=".35" filter="url(#${p}b4)"/>`;
  body += `<circle cx="${cx}" cy="${cy}" r="70" fill="url(#${p}hub)" stroke="#59626b" stroke-width="1.5"/>`;
  body += `<circle cx="${cx}" cy="${cy}" r="62" fill="none" stroke="#ffffff" stroke-opacity=".6" stroke-width="2"/>`;
  // bore with keyway
  body += ref(`${p}bore`, `fill="#6a737d" stroke="#3d454d" stroke-width="1.5"`);
  body += `<g clip-path="url(#${p}bc)">${ref(`${p}bore`, `x="11" y="13" fill="#dfe5eb"`)}</g>`;
  return { defs, body };
}

function ballBearing(p) {
  const cx = 400;
  const cy = 285;
  const ring = (r0, r1) => circleD(cx, cy, r0) + circleD(cx, cy, r1);
  const defs = [
    `<path id="${p}outer" d="${ring(212, 170)}"/>`,
    `<path id="${p}inner" d="${ring(120, 74)}"/>`,
    lin(`${p}face`, STEEL_FACE, { x2: 1, y2: 1 }),
    lin(
      `${p}face2`,
      [
        [0, '#8c959f'],
        [0.35, '#e9edf1'],
        [0.6, '#b3bbc3'],
        [1, '#f3f5f7'],
      ],
      { x2: 1, y2: 1 },
    ),
    lin(
      `${p}side`,
      [
        [0, '#a3acb5'],
        [1, '#4b535c'],
      ],
      { x2: 1, y2: 1 },
    ),
    rad(`${p}gap`, [
      [0.5, '#11161b'],
      [1, '#39424b'],
    ]),
    rad(
      `${p}ball`,
      [
        [0, '#ffffff'],
        [0.25, '#e4e8ec'],
        [0.7, '#7f8892'],
        [1, '#3f474f'],
      ],
      { fx: 0.35, fy: 0.3, cx: 0.45, cy: 0.42, r: 0.6 },
    ),
    lin(
      `${p}cage`,
      [
        [0, '#c9a15a'],
        [0.5, '#8a6a31'],
        [1, '#b58d47'],
      ],
      { x2: 1, y2: 1 },
    ),
    lin(
      `${p}bore`,
      [
        [0, '#5e6770'],
        [1, '#9aa3ad'],
      ],
      { x2: 1, y2: 1 },
    ),
    blur(`${p}b3`, 3),
  ].join('');
  let body = '';
  for (let k = 18; k >= 1; k--)
    body += ref(
      `${p}outer`,
      `x="${f(k * 0.85)}" y="${f(k * 0.95)}" fill="url(#${p}side)" fill-rule="evenodd"`,
    );
  body += ref(
    `${p}outer`,
    `fill="url(#${p}face)" fill-rule="evenodd" stroke="#59626b" stroke-width="1.2"`,
  );
  // raceway gap
  body += `<path d="${ring(170, 120)}" fill="url(#${p}gap)" fill-rule="evenodd"/>`;
  // cage band
  body += `<path d="${ring(156, 134)}" fill="url(#${p}cage)" fill-rule="evenodd" opacity=".95"/>`;
  const n = 11;
  for (let i = 0; i < n; i++) {
    const a = -Math.PI / 2 + (i * TAU) / n;
    const [bx, by] = pol(cx, cy, 145, a);
    body += `<circle cx="${f(bx + 3)}" cy="${f(by + 4)}" r="24" fill="#000" opacity=".45" filter="url(#${p}b3)"/>`;
    body += `<circle cx="${bx}" cy="${by}" r="23.5" fill="url(#${p}ball)"/>`;
    const [rx, ry] = pol(cx, cy, 145, a + TAU / n / 2);
    body += `<circle cx="${rx}" cy="${ry}" r="4.5" fill="#e7c98c" stroke="#6d5122" stroke-width="1.2"/>`;
  }
  // inner ring with thickness and a through bore
  for (let k = 6; k >= 1; k--)
    body += ref(
      `${p}inner`,
      `x="${f(k * 0.85)}" y="${f(k * 0.95)}" fill="url(#${p}side)" fill-rule="evenodd"`,
    );
  body += ref(
    `${p}inner`,
    `fill="url(#${p}face2)" fill-rule="evenodd" stroke="#59626b" stroke-width="1.2"`,
  );
  body += `<circle cx="${cx}" cy="${cy}" r="74" fill="url(#${p}bore)"/>`;
  body += `<clipPath id="${p}bc"><circle cx="${cx}" cy="${cy}" r="74"/></clipPath>`;
  body += `<circle cx="${cx + 15}" cy="${cy + 17}" r="74" fill="#dfe5eb" clip-path="url(#${p}bc)"/>`;
  body += `<circle cx="${cx}" cy="${cy}" r="74" fill="none" stroke="#4f5760" stroke-width="1.5"/>`;
  // chamfer highlights
  body += `<circle cx="${cx}" cy="${cy}" r="208" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>`;
  body += `<circle cx="${cx}" cy="${cy}" r="116" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>`;
  return { defs, body };
}

function hexFlangeBolt(p) {
  const cy = 290;
  const top = cy - 38;
  const bot = cy + 38;
  const defs = [
    hexGrads(p, STEEL_HEX),
    lin(`${p}cyl`, STEEL_CYL, { y1: top, y2: bot, user: true }),
    lin(`${p}fl`, STEEL_CYL, { y1: cy - 112, y2: cy + 112, user: true }),
  ].join('');
  // threaded portion outline
  const x0 = 420;
  const pitch = 13;
  const n = 16;
  let topEdge = `M${x0} ${top}`;
  let botEdge = '';
  for (let i = 0; i < n; i++) {
    const x = x0 + i * pitch;
    topEdge += `L${x + pitch / 2} ${top + 7}L${x + pitch} ${top}`;
  }
  const xe = x0 + n * pitch;
  for (let i = n - 1; i >= 0; i--) {
    const x = x0 + i * pitch + 6;
    botEdge += `L${x + pitch / 2} ${bot - 7}L${x} ${bot}`;
  }
  const thr = `${topEdge}L${xe + 10} ${top + 10}L${xe + 10} ${bot - 10}L${xe + 6} ${bot}${botEdge}L${x0} ${bot}Z`;
  let lines = '';
  for (let i = 0; i <= n; i++) {
    const x = x0 + i * pitch;
    lines += `<path d="M${x + pitch / 2} ${top + 7}L${x + pitch / 2 + 6} ${bot - 7}" stroke="#3f4851" stroke-width="3" stroke-opacity=".75"/>`;
    lines += `<path d="M${x} ${top}L${x + 6} ${bot}" stroke="#ffffff" stroke-width="2" stroke-opacity=".8"/>`;
  }
  let body = `<g transform="rotate(-10 400 290)">`;
  // shank
  body += `<rect x="270" y="${top}" width="${x0 - 268}" height="${bot - top}" fill="url(#${p}cyl)" stroke="#4a525b" stroke-width="1.2"/>`;
  body += `<path d="${thr}" fill="url(#${p}cyl)" stroke="#4a525b" stroke-width="1.2" stroke-linejoin="round"/>`;
  body += `<clipPath id="${p}tc"><path d="${thr}"/></clipPath><g clip-path="url(#${p}tc)">${lines}</g>`;
  body += `<path d="M${x0} ${top}L${x0 - 22} ${top}M${x0} ${bot}L${x0 - 22} ${bot}" stroke="#4a525b" stroke-width="1"/>`;
  // flange (conical washer face)
  body += `<path d="M236 ${cy - 90}L262 ${cy - 112}Q268 ${cy - 113} 270 ${cy - 108}L270 ${cy + 108}Q268 ${cy + 113} 262 ${cy + 112}L236 ${cy + 90}Z" fill="url(#${p}fl)" stroke="#4a525b" stroke-width="1.2" stroke-linejoin="round"/>`;
  body += `<path d="M266 ${cy - 109}L266 ${cy + 109}" stroke="#ffffff" stroke-opacity=".6" stroke-width="2"/>`;
  // hex head
  body += hexSide(p, 150, 240, cy, 90, ['hx0', 'hx1', 'hx2']);
  body += `<path d="M160 ${cy - 43}L234 ${cy - 43}" stroke="#fff" stroke-opacity=".7" stroke-width="2"/>`;
  body += `</g>`;
  return { defs, body };
}

function hydraulicCylinder(p) {
  const cy = 290;
  const defs = [
    lin(
      `${p}paint`,
      [
        [0, '#1c3553'],
        [0.15, '#3f6b9a'],
        [0.32, '#8fb6de'],
        [0.5, '#4b79a8'],
        [0.82, '#1d3654'],
        [1, '#2d4d70'],
      ],
      { y1: 200, y2: 380, user: true },
    ),
    lin(
      `${p}cap`,
      STEEL_CYL.map(([o, c]) => [o, c]),
      { y1: 178, y2: 402, user: true },
    ),
    lin(`${p}rod`, CHROME_CYL, { y1: cy - 27, y2: cy + 27, user: true }),
    lin(`${p}tie`, STEEL_CYL, { y1: 0, y2: 1 }),
    lin(`${p}plate`, STEEL_FACE, { x2: 1, y2: 1 }),
    lin(`${p}gland`, STEEL_CYL, { y1: cy - 44, y2: cy + 44, user: true }),
    hexGrads(p, STEEL_HEX),
    lin(`${p}port`, BRASS_CYL, { x1: 0, y1: 0, x2: 1, y2: 0 }),
  ].join('');
  let b = '';
  // rear clevis
  b += `<path d="M150 ${cy - 34}L104 ${cy - 34}A40 40 0 0 0 104 ${cy + 34}L150 ${cy + 34}Z" fill="url(#${p}plate)" stroke="#4a525b" stroke-width="1.2"/>`;
  b += `<circle cx="102" cy="${cy}" r="16" fill="#2a3138" stroke="#a8b0b9" stroke-width="3"/>`;
  // tie rods
  for (const y of [183, 385]) {
    b += `<rect x="128" y="${y}" width="478" height="12" rx="3" fill="url(#${p}tie)" stroke="#4a525b" stroke-width="1"/>`;
  }
  // rear & front cap
  b += `<rect x="150" y="176" width="64" height="228" rx="4" fill="url(#${p}cap)" stroke="#4a525b" stroke-width="1.2"/>`;
  b += `<rect x="516" y="176" width="64" height="228" rx="4" fill="url(#${p}cap)" stroke="#4a525b" stroke-width="1.2"/>`;
  // barrel
  b += `<rect x="212" y="200" width="306" height="180" fill="url(#${p}paint)" stroke="#15273d" stroke-width="1.2"/>`;
  b += `<rect x="222" y="236" width="286" height="5" rx="2.5" fill="#fff" opacity=".35"/>`;
  // tie rods in front of barrel
  for (const y of [183, 385]) {
    b += `<rect x="212" y="${y}" width="306" height="12" fill="url(#${p}tie)" stroke="#4a525b" stroke-width="1"/>`;
  }
  // tie rod nuts
  for (const y of [189, 391]) {
    b += `<g transform="translate(0 0)">${hexSide(p, 128, 150, y, 13, ['hx0', 'hx1', 'hx2'], 'none')}</g>`;
    b += hexSide(p, 580, 602, y, 13, ['hx0', 'hx1', 'hx2'], 'none');
  }
  // ports
  for (const x of [182, 548]) {
    b += `<rect x="${x - 12}" y="150" width="24" height="28" fill="url(#${p}port)" stroke="#6e5115" stroke-width="1"/>`;
    b += `<rect x="${x - 17}" y="160" width="34" height="10" fill="url(#${p}port)" stroke="#6e5115" stroke-width="1"/>`;
  }
  // gland and rod
  b += `<rect x="578" y="${cy - 44}" width="30" height="88" rx="5" fill="url(#${p}gland)" stroke="#4a525b" stroke-width="1.2"/>`;
  b += `<rect x="606" y="${cy - 27}" width="112" height="54" fill="url(#${p}rod)" stroke="#3a4249" stroke-width="1"/>`;
  // rod eye
  b += `<path d="M712 ${cy - 30}L740 ${cy - 30}A40 40 0 1 1 740 ${cy + 30}L712 ${cy + 30}Z" fill="url(#${p}plate)" stroke="#4a525b" stroke-width="1.2"/>`;
  b += `<circle cx="744" cy="${cy}" r="23" fill="url(#${p}plate)" stroke="#59626b" stroke-width="2"/>`;
  b += `<circle cx="744" cy="${cy}" r="14" fill="#2a3138"/>`;
  return { defs, body: b };
}

function ballValve(p) {
  const cy = 330;
  const defs = [
    hexGrads(p, BRASS_HEX),
    lin(`${p}body`, BRASS_CYL, { y1: 236, y2: 412, user: true }),
    lin(`${p}col`, BRASS_CYL, { y1: cy - 74, y2: cy + 74, user: true }),
    lin(`${p}stem`, BRASS_CYL, { x1: 378, x2: 422, y1: 0, y2: 0, user: true }),
    lin(
      `${p}grip`,
      [
        [0, '#ff8a73'],
        [0.35, '#e04a33'],
        [1, '#8e2416'],
      ],
      { y1: 160, y2: 204, user: true },
    ),
    lin(
      `${p}lever`,
      [
        [0, '#f4f6f8'],
        [0.5, '#b9c0c8'],
        [1, '#6f7882'],
      ],
      { y1: 168, y2: 200, user: true },
    ),
  ].join('');
  let b = '';
  // end hexes
  b += hexSide(p, 150, 262, cy, 82, ['hx0', 'hx1', 'hx2'], 'left');
  b += hexSide(p, 538, 650, cy, 82, ['hx0', 'hx1', 'hx2'], 'right');
  // collars
  b += `<rect x="256" y="${cy - 70}" width="16" height="140" rx="3" fill="url(#${p}col)" stroke="#6e5115" stroke-width="1"/>`;
  b += `<rect x="528" y="${cy - 70}" width="16" height="140" rx="3" fill="url(#${p}col)" stroke="#6e5115" stroke-width="1"/>`;
  // body
  b += `<path d="M270 262C300 242 330 236 400 236C470 236 500 242 530 262L530 398C500 418 470 424 400 424C330 424 300 418 270 398Z" fill="url(#${p}body)" stroke="#6e5115" stroke-width="1.2"/>`;
  b += `<path d="M290 272C330 254 470 254 510 272" fill="none" stroke="#fff6d8" stroke-width="3" stroke-opacity=".6"/>`;
  // stem + gland nut
  b += `<rect x="382" y="196" width="36" height="44" fill="url(#${p}stem)" stroke="#6e5115" stroke-width="1"/>`;
  b += `<rect x="368" y="214" width="64" height="24" rx="3" fill="url(#${p}stem)" stroke="#6e5115" stroke-width="1"/>`;
  b += `<path d="M390 214L390 238M410 214L410 238" stroke="#6e5115" stroke-width="1" opacity=".6"/>`;
  // lever: steel strap then red vinyl grip
  b += `<path d="M372 176L470 176L470 200L372 200Q366 188 372 176Z" fill="url(#${p}lever)" stroke="#4a525b" stroke-width="1.2"/>`;
  b += `<path d="M452 170L652 178Q672 181 670 194Q668 206 650 206L452 206Q444 188 452 170Z" fill="url(#${p}grip)" stroke="#6b1b10" stroke-width="1.2"/>`;
  b += `<path d="M470 177L640 184" stroke="#fff" stroke-opacity=".45" stroke-width="3" stroke-linecap="round"/>`;
  // handle nut
  b += `<rect x="386" y="160" width="28" height="18" rx="2" fill="url(#${p}lever)" stroke="#4a525b" stroke-width="1"/>`;
  b += `<rect x="394" y="150" width="12" height="12" rx="2" fill="url(#${p}lever)" stroke="#4a525b" stroke-width="1"/>`;
  return { defs, body: b };
}

function bronzeBushing(p) {
  const cx = 400;
  const k = 0.32;
  const fr = 195;
  const br = 135;
  const yt = 200;
  const yf = 238;
  const yb = 470;
  const defs = [
    lin(`${p}side`, BRONZE_H, { x1: cx - br, x2: cx + br, y1: 0, y2: 0, user: true }),
    lin(`${p}fside`, BRONZE_H, { x1: cx - fr, x2: cx + fr, y1: 0, y2: 0, user: true }),
    lin(
      `${p}top`,
      [
        [0, '#f7d2a6'],
        [0.5, '#d39157'],
        [1, '#a8652f'],
      ],
      { x2: 1, y2: 1 },
    ),
    lin(`${p}bore`, [
      [0, '#a96a3a'],
      [0.45, '#5b3217'],
      [1, '#24140a'],
    ]),
  ].join('');
  let b = '';
  b += `<path d="${cylSideD(cx, yf, yb, br, f(br * k))}" fill="url(#${p}side)" stroke="#5a2f12" stroke-width="1.2"/>`;
  // bottom chamfer line
  b += `<path d="M${cx - br} ${yb - 8}A${br} ${f(br * k)} 0 0 0 ${cx + br} ${yb - 8}" fill="none" stroke="#ffd9b0" stroke-opacity=".5" stroke-width="2"/>`;
  // graphite plugs
  for (let row = 0; row < 5; row++) {
    const h = yf + 48 + row * 40;
    for (let c = -3; c <= 3; c++) {
      const ph = (c + (row % 2 ? 0.5 : 0)) * 24 * DEG;
      if (Math.abs(ph) > 80 * DEG) continue;
      const x = cx + br * Math.sin(ph);
      const y = h + br * k * Math.cos(ph);
      b += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(9 * Math.cos(ph))}" ry="9" fill="#2b2622" stroke="#6d3a18" stroke-width="1"/>`;
    }
  }
  // flange
  b += `<path d="${cylSideD(cx, yt, yf, fr, f(fr * k))}" fill="url(#${p}fside)" stroke="#5a2f12" stroke-width="1.2"/>`;
  b += `<ellipse cx="${cx}" cy="${yt}" rx="${fr}" ry="${f(fr * k)}" fill="url(#${p}top)" stroke="#5a2f12" stroke-width="1.2"/>`;
  b += `<ellipse cx="${cx}" cy="${yt}" rx="${fr - 8}" ry="${f((fr - 8) * k)}" fill="none" stroke="#fff1dd" stroke-opacity=".55" stroke-width="2"/>`;
  for (let i = 0; i < 4; i++) {
    const r = 120 + i * 16;
    b += `<ellipse cx="${cx}" cy="${yt}" rx="${r}" ry="${f(r * k)}" fill="none" stroke="#7a4420" stroke-opacity=".12" stroke-width="1"/>`;
  }
  // bore
  b += `<ellipse cx="${cx}" cy="${yt}" rx="108" ry="${f(108 * k)}" fill="#e7b98a" stroke="#7a4420" stroke-width="1"/>`;
  b += `<ellipse cx="${cx}" cy="${yt + 2}" rx="98" ry="${f(98 * k)}" fill="url(#${p}bore)"/>`;
  b += `<path d="M${cx - 98} ${yt + 2}A98 ${f(98 * k)} 0 0 1 ${cx + 98} ${yt + 2}" fill="none" stroke="#3b210f" stroke-width="2"/>`;
  // oil groove inside the bore
  b += `<path d="M${cx - 80} ${yt + 2}C${cx - 40} ${yt - 12} ${cx + 30} ${yt + 8} ${cx + 80} ${yt - 6}" fill="none" stroke="#1c0f06" stroke-width="4" opacity=".45"/>`;
  return { defs, body: b };
}

function rollerChainSprocket(p) {
  const cx = 400;
  const cy = 262;
  const n = 20;
  const rp = 160;
  const pitchAng = TAU / n;
  const P = 2 * rp * Math.sin(pitchAng / 2);
  const rs = 17.5;
  const rt = rp + 25;
  const g = 62 * DEG;
  // tooth profile with roller seats
  let d = '';
  for (let i = 0; i < n; i++) {
    const th = -Math.PI / 2 + i * pitchAng;
    const er = [Math.cos(th), Math.sin(th)];
    const et = [-Math.sin(th), Math.cos(th)];
    const c = [cx + rp * er[0], cy + rp * er[1]];
    const ps = (phi) => [
      f(c[0] + rs * (-Math.cos(phi) * er[0] + Math.sin(phi) * et[0])),
      f(c[1] + rs * (-Math.cos(phi) * er[1] + Math.sin(phi) * et[1])),
    ];
    const a = ps(-g);
    const bb = ps(g);
    d += i === 0 ? `M${pt(a)}` : `L${pt(a)}`;
    d += `A${rs} ${rs} 0 0 0 ${pt(bb)}`;
    const tipA = th + pitchAng / 2;
    const t1 = pol(cx, cy, rt, tipA - 0.022);
    const t2 = pol(cx, cy, rt, tipA + 0.022);
    const q = pol(cx, cy, rt - 8, tipA - 0.085);
    d += `Q${pt(q)} ${pt(t1)}A${rt} ${rt} 0 0 1 ${pt(t2)}`;
    const th2 = th + pitchAng;
    const q2 = pol(cx, cy, rt - 8, tipA + 0.085);
    const er2 = [Math.cos(th2), Math.sin(th2)];
    const et2 = [-Math.sin(th2), Math.cos(th2)];
    const c2 = [cx + rp * er2[0], cy + rp * er2[1]];
    const a2 = [
      f(c2[0] + rs * (-Math.cos(-g) * er2[0] + Math.sin(-g) * et2[0])),
      f(c2[1] + rs * (-Math.cos(-g) * er2[1] + Math.sin(-g) * et2[1])),
    ];
    d += `Q${pt(q2)} ${pt(a2)}`;
  }
  d += 'Z';
  const defs = [
    `<path id="${p}s" d="${d}"/>`,
    lin(`${p}face`, STEEL_FACE, { x2: 1, y2: 1 }),
    lin(
      `${p}side`,
      [
        [0, '#8d96a0'],
        [1, '#454d56'],
      ],
      { x2: 1, y2: 1 },
    ),
    lin(
      `${p}hub`,
      [
        [0, '#ffffff'],
        [0.45, '#c3c9d0'],
        [1, '#7f8892'],
      ],
      { x2: 1, y2: 1 },
    ),
    lin(`${p}plate`, [
      [0, '#5d6771'],
      [0.5, '#2c333a'],
      [1, '#48515a'],
    ]),
    lin(`${p}oplate`, [
      [0, '#d7dde3'],
      [0.5, '#8d97a1'],
      [1, '#b8c0c8'],
    ]),
    rad(
      `${p}roll`,
      [
        [0, '#f2f4f6'],
        [0.6, '#9aa3ad'],
        [1, '#4a525b'],
      ],
      { fx: 0.35, fy: 0.35 },
    ),
    blur(`${p}b4`, 4),
  ].join('');
  let b = '';
  for (let k = 12; k >= 1; k--)
    b += ref(`${p}s`, `x="${f(k * 0.8)}" y="${f(k * 0.9)}" fill="url(#${p}side)"`);
  b += ref(`${p}s`, `fill="url(#${p}face)" stroke="#4f5760" stroke-width="1.2"`);
  b += `<circle cx="${cx}" cy="${cy}" r="${rp - 34}" fill="none" stroke="#6a737d" stroke-opacity=".5" stroke-width="2"/>`;
  b += `<circle cx="${cx}" cy="${cy}" r="${rp - 32}" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="1.5"/>`;
  // hub and bore
  b += `<circle cx="${cx + 4}" cy="${cy + 6}" r="66" fill="#1e252c" opacity=".35" filter="url(#${p}b4)"/>`;
  b += `<circle cx="${cx}" cy="${cy}" r="64" fill="url(#${p}hub)" stroke="#59626b" stroke-width="1.5"/>`;
  const bk = boreKeyD(cx, cy, 30, 14, 8);
  b += `<path d="${bk}" fill="#4a525b"/><clipPath id="${p}bc"><path d="${bk}"/></clipPath>`;
  b += `<g clip-path="url(#${p}bc)"><path d="${bk}" transform="translate(9 10)" fill="#dfe5eb"/></g>`;
  // set screw
  b += `<circle cx="${cx}" cy="${cy + 48}" r="7" fill="#2f363d"/>`;
  // chain: rollers over the top half, then straight runs down both sides
  const rollers = [];
  for (let i = 8; i >= 0; i--) rollers.push([f(cx - rp), f(cy + i * P)]);
  for (let i = 1; i < n / 2; i++) {
    const th = Math.PI + i * pitchAng;
    rollers.push(pol(cx, cy, rp, th));
  }
  for (let i = 0; i <= 8; i++) rollers.push([f(cx + rp), f(cy + i * P)]);
  const link = (a, c, cls, w) => {
    const ang = Math.atan2(c[1] - a[1], c[0] - a[0]) / DEG;
    const len = Math.hypot(c[0] - a[0], c[1] - a[1]);
    const h = w;
    const mid = h * 0.72;
    const path = `M0 ${-h}C${len * 0.3} ${-mid} ${len * 0.7} ${-mid} ${f(len)} ${-h}A${h} ${h} 0 0 1 ${f(len)} ${h}C${len * 0.7} ${mid} ${len * 0.3} ${mid} 0 ${h}A${h} ${h} 0 0 1 0 ${-h}Z`;
    return `<path transform="translate(${a[0]} ${a[1]}) rotate(${f(ang)})" d="${path}" fill="url(#${p}${cls})" stroke="#22282e" stroke-width="1.2"/>`;
  };
  let chain = '';
  for (let i = 0; i < rollers.length - 1; i += 2)
    chain += link(rollers[i], rollers[i + 1], 'plate', 19);
  for (const r of rollers)
    chain += `<circle cx="${r[0]}" cy="${r[1]}" r="${rs - 1}" fill="url(#${p}roll)" stroke="#2a3036" stroke-width="1"/>`;
  for (let i = 1; i < rollers.length - 1; i += 2)
    chain += link(rollers[i], rollers[i + 1], 'oplate', 20);
  for (const r of rollers)
    chain += `<circle cx="${r[0]}" cy="${r[1]}" r="6.5" fill="#eef1f4" stroke="#59626b" stroke-width="1.2"/>`;
  b += `<g>${chain}</g>`;
  return { defs, body: b };
}

function jawCoupling(p) {
  const cy = 300;
  const R = 125;
  const defs = [
    lin(`${p}hub`, STEEL_CYL, { y1: cy - R, y2: cy + R, user: true }),
    lin(`${p}shaft`, STEEL_CYL, { y1: cy - 45, y2: cy + 45, user: true }),
    lin(
      `${p}spider`,
      [
        [0, '#8a4a06'],
        [0.2, '#e39a1f'],
        [0.35, '#ffd36b'],
        [0.55, '#f0a92a'],
        [0.85, '#a35b09'],
        [1, '#c57812'],
      ],
      { y1: cy - R, y2: cy + R, user: true },
    ),
  ].join('');
  const jaw = (x0, x1, y0, y1, tipRight) => {
    const r = 10;
    return tipRight
      ? `<path d="M${x0} ${y0}L${x1 - r} ${y0}Q${x1} ${y0} ${x1} ${y0 + r}L${x1} ${y1 - r}Q${x1} ${y1} ${x1 - r} ${y1}L${x0} ${y1}Z" fill="url(#${p}hub)" stroke="#3e464e" stroke-width="1.3"/>`
      : `<path d="M${x1} ${y0}L${x0 + r} ${y0}Q${x0} ${y0} ${x0} ${y0 + r}L${x0} ${y1 - r}Q${x0} ${y1} ${x0 + r} ${y1}L${x1} ${y1}Z" fill="url(#${p}hub)" stroke="#3e464e" stroke-width="1.3"/>`;
  };
  let b = '';
  // shafts
  b += `<rect x="40" y="${cy - 45}" width="110" height="90" fill="url(#${p}shaft)" stroke="#4a525b" stroke-width="1.2"/>`;
  b += `<rect x="650" y="${cy - 45}" width="110" height="90" fill="url(#${p}shaft)" stroke="#4a525b" stroke-width="1.2"/>`;
  b += `<rect x="60" y="${cy - 45}" width="80" height="12" rx="2" fill="#59626b"/>`;
  b += `<rect x="660" y="${cy - 45}" width="80" height="12" rx="2" fill="#59626b"/>`;
  // spider (elastomer insert)
  b += `<rect x="322" y="${cy - R + 8}" width="156" height="${2 * R - 16}" rx="8" fill="url(#${p}spider)" stroke="#7a3f05" stroke-width="1.2"/>`;
  // hubs
  b += `<rect x="140" y="${cy - R}" width="190" height="${2 * R}" rx="6" fill="url(#${p}hub)" stroke="#3e464e" stroke-width="1.3"/>`;
  b += `<rect x="470" y="${cy - R}" width="190" height="${2 * R}" rx="6" fill="url(#${p}hub)" stroke="#3e464e" stroke-width="1.3"/>`;
  // jaws
  b += jaw(326, 428, cy - R, cy - 52, true);
  b += jaw(326, 428, cy + 52, cy + R, true);
  b += jaw(372, 474, cy - 30, cy + 30, false);
  // chamfers & set screws
  for (const x of [150, 650])
    b += `<path d="M${x} ${cy - R + 3}L${x} ${cy + R - 3}" stroke="#fff" stroke-opacity=".55" stroke-width="2"/>`;
  for (const x of [330, 470])
    b += `<path d="M${x} ${cy - R}L${x} ${cy + R}" stroke="#2f363d" stroke-opacity=".6" stroke-width="2"/>`;
  b += `<circle cx="235" cy="${cy - 70}" r="10" fill="#2b3137" stroke="#8c959f" stroke-width="2"/>`;
  b += `<path d="M229 ${cy - 70}L241 ${cy - 70}" stroke="#8c959f" stroke-width="2"/>`;
  b += `<circle cx="565" cy="${cy - 70}" r="10" fill="#2b3137" stroke="#8c959f" stroke-width="2"/>`;
  b += `<path d="M559 ${cy - 70}L571 ${cy - 70}" stroke="#8c959f" stroke-width="2"/>`;
  return { defs, body: b };
}

function compressionSpring(p) {
  const cx = 400;
  const yb = 468;
  const L = 350;
  const R = 128;
  const e = 30;
  const turns = 8.5;
  const wire = 20;
  const T = turns * TAU;
  const steps = Math.round(turns * 96);
  // closed, flat end coils; open pitch in the middle
  const ramp = (t) => {
    const s = Math.min(t, T - t) / TAU;
    if (s <= 0.2) return 0;
    if (s >= 1.1) return 1;
    const u = (s - 0.2) / 0.9;
    return u * u * (3 - 2 * u);
  };
  const dt = T / steps;
  let I = 0;
  for (let i = 0; i < steps; i++) I += (ramp((i + 0.5) * dt) * dt) / TAU;
  const pa = wire + (L - wire * turns) / I;
  const pts = [];
  let A = 0;
  for (let i = 0; i <= steps; i++) {
    const t = i * dt;
    if (i > 0) A += ((wire + (pa - wire) * ramp(t - dt / 2)) * dt) / TAU;
    pts.push({ x: cx + R * Math.cos(t), y: yb - A + e * Math.sin(t), front: Math.sin(t) > 0 });
  }
  const segs = [];
  let cur = null;
  for (const q of pts) {
    if (!cur || cur.front !== q.front) {
      const prev = cur ? cur.pts[cur.pts.length - 1] : null;
      if (cur) cur.pts.push(q);
      cur = { front: q.front, pts: prev ? [prev, q] : [q] };
      segs.push(cur);
    } else cur.pts.push(q);
  }
  const dpath = (sg) => sg.pts.map((q, i) => `${i ? 'L' : 'M'}${f(q.x)} ${f(q.y)}`).join('');
  const defs = [
    lin(
      `${p}w`,
      [
        [0, '#6f7a86'],
        [0.22, '#dfe5eb'],
        [0.38, '#ffffff'],
        [0.62, '#a7b1bc'],
        [1, '#4e5863'],
      ],
      { x1: cx - R, x2: cx + R, y1: 0, y2: 0, user: true },
    ),
    lin(
      `${p}wb`,
      [
        [0, '#4e5863'],
        [0.5, '#8c96a1'],
        [1, '#3b444e'],
      ],
      { x1: cx - R, x2: cx + R, y1: 0, y2: 0, user: true },
    ),
  ].join('');
  let back = '';
  let front = '';
  for (const sg of segs) {
    const d = dpath(sg);
    if (!sg.front) {
      back += `<path d="${d}" stroke="#262d34" stroke-width="${wire + 2}"/>`;
      back += `<path d="${d}" stroke="url(#${p}wb)" stroke-width="${wire - 3}"/>`;
    } else {
      front += `<path d="${d}" stroke="#262d34" stroke-width="${wire + 3}"/>`;
      front += `<path d="${d}" stroke="url(#${p}w)" stroke-width="${wire}"/>`;
      front += `<path d="${d}" stroke="#ffffff" stroke-opacity=".7" stroke-width="4" transform="translate(0 -5)"/>`;
    }
  }
  const body = `<g fill="none" stroke-linecap="round" stroke-linejoin="round">${back}${front}</g>`;
  return { defs, body };
}

function weldNeckFlange(p) {
  const cx = 400;
  const k = 0.33;
  const yT = 345;
  const R = 250;
  const th = 48;
  const defs = [
    lin(
      `${p}side`,
      [
        [0, '#59626c'],
        [0.25, '#a6afb8'],
        [0.42, '#dfe4e9'],
        [0.6, '#9ba4ae'],
        [0.9, '#4b535c'],
        [1, '#6a737d'],
      ],
      { x1: cx - R, x2: cx + R, y1: 0, y2: 0, user: true },
    ),
    lin(
      `${p}neck`,
      [
        [0, '#5b646e'],
        [0.25, '#aab3bc'],
        [0.42, '#eef1f4'],
        [0.62, '#a0a9b2'],
        [0.9, '#4e565f'],
        [1, '#6a737d'],
      ],
      { x1: cx - 140, x2: cx + 140, y1: 0, y2: 0, user: true },
    ),
    lin(
      `${p}top`,
      [
        [0, '#eef1f4'],
        [0.5, '#bcc4cc'],
        [1, '#8a939d'],
      ],
      { x2: 1, y2: 1 },
    ),
    lin(`${p}bore`, [
      [0, '#8d96a0'],
      [0.5, '#3a4249'],
      [1, '#1b2025'],
    ]),
    rad(`${p}fillet`, [
      [0.6, '#9aa3ad', 0],
      [0.85, '#6f7882', 0.55],
      [1, '#6f7882', 0],
    ]),
  ].join('');
  let b = '';
  b += `<path d="${cylSideD(cx, yT, yT + th, R, f(R * k))}" fill="url(#${p}side)" stroke="#3f474f" stroke-width="1.2"/>`;
  b += `<ellipse cx="${cx}" cy="${yT}" rx="${R}" ry="${f(R * k)}" fill="url(#${p}top)" stroke="#3f474f" stroke-width="1.2"/>`;
  b += `<ellipse cx="${cx}" cy="${yT}" rx="${R - 8}" ry="${f((R - 8) * k)}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="2"/>`;
  for (let i = 0; i < 5; i++) {
    const r = 150 + i * 18;
    b += `<ellipse cx="${cx}" cy="${yT}" rx="${r}" ry="${f(r * k)}" fill="none" stroke="#59626b" stroke-opacity=".1" stroke-width="1.2"/>`;
  }
  // bolt holes
  for (let i = 0; i < 8; i++) {
    const a = (i * TAU) / 8 + TAU / 16;
    const hx = cx + 200 * Math.cos(a);
    const hy = yT + 200 * k * Math.sin(a);
    b += `<ellipse cx="${f(hx)}" cy="${f(hy)}" rx="22" ry="${f(22 * k)}" fill="#c9d0d7" stroke="#4f5760" stroke-width="1"/>`;
    b += `<ellipse cx="${f(hx)}" cy="${f(hy + 3)}" rx="20" ry="${f(20 * k)}" fill="#1f252b"/>`;
  }
  // fillet and neck
  b += `<ellipse cx="${cx}" cy="${yT - 4}" rx="160" ry="${f(160 * k)}" fill="url(#${p}fillet)"/>`;
  const rb = 135;
  const rtp = 88;
  const yN = 140;
  b += `<path d="M${cx - rb} ${yT - 6}L${cx - rtp} ${yN}L${cx + rtp} ${yN}L${cx + rb} ${yT - 6}A${rb} ${f(rb * k)} 0 0 1 ${cx - rb} ${yT - 6}Z" fill="url(#${p}neck)" stroke="#3f474f" stroke-width="1.2"/>`;
  // weld bevel and bore
  b += `<ellipse cx="${cx}" cy="${yN}" rx="${rtp}" ry="${f(rtp * k)}" fill="url(#${p}top)" stroke="#3f474f" stroke-width="1.2"/>`;
  b += `<ellipse cx="${cx}" cy="${yN + 1}" rx="64" ry="${f(64 * k)}" fill="url(#${p}bore)" stroke="#2a3036" stroke-width="1"/>`;
  return { defs, body: b };
}

/* ---------------------------------------------------------- backgrounds */

function productDoc(fn, { shadowY = 520, shadowRx = 260, dx = 0 } = {}) {
  const { defs, body } = fn('a');
  const bg = [
    rad(
      'bg',
      [
        [0, '#ffffff'],
        [0.55, '#eef2f6'],
        [1, '#d3dbe4'],
      ],
      { cx: 0.5, cy: 0.42, r: 0.75 },
    ),
    lin('floor', [
      [0, '#000', 0],
      [1, '#8da0b3', 0.18],
    ]),
    blur('sh', 16),
  ].join('');
  const back =
    `<rect width="800" height="600" fill="url(#bg)"/>` +
    `<rect y="470" width="800" height="130" fill="url(#floor)"/>`;
  const shadow = shadowRx
    ? `<ellipse cx="400" cy="${shadowY}" rx="${shadowRx}" ry="22" fill="#1c2733" opacity=".28" filter="url(#sh)"/>`
    : '';
  return svgDoc(
    800,
    600,
    bg + defs,
    back + shadow + `<g transform="translate(${dx} 0)">${body}</g>`,
  );
}

/* -------------------------------------------------------------- avatars */

function avatar(o, size = 240) {
  const skinD = o.skinShade;
  const defs = [
    lin('bg', [
      [0, o.bg[0]],
      [1, o.bg[1]],
    ]),
    lin('shirt', [
      [0, o.shirt[0]],
      [1, o.shirt[1]],
    ]),
    rad(
      'face',
      [
        [0, o.skin],
        [0.85, o.skin],
        [1, skinD],
      ],
      { cx: 0.45, cy: 0.45, r: 0.6 },
    ),
    lin(
      'hair',
      [
        [0, o.hair[0]],
        [1, o.hair[1]],
      ],
      { y1: 30, y2: 215, user: true },
    ),
    blur('soft', 6),
  ].join('');
  let b = `<rect width="240" height="240" fill="url(#bg)"/>`;
  b += `<circle cx="190" cy="48" r="64" fill="#fff" opacity=".12"/><circle cx="30" cy="210" r="52" fill="#fff" opacity=".08"/>`;
  // long hair / scarf behind
  if (o.style === 'long')
    b += `<path d="M72 110C66 58 98 44 122 44C150 44 176 62 170 114L176 200C150 212 92 212 66 200Z" fill="url(#hair)"/>`;
  if (o.style === 'scarf')
    b += `<path d="M70 112C66 56 96 40 120 40C146 40 174 56 170 112C170 150 162 176 154 196L86 196C78 176 70 150 70 112Z" fill="url(#hair)"/>`;
  // torso
  b += `<path d="M16 240C18 202 56 180 120 178C184 180 222 202 224 240Z" fill="url(#shirt)"/>`;
  if (o.vest) {
    b += `<path d="M40 240C42 214 60 196 92 186L104 240Z" fill="#f97316"/><path d="M200 240C198 214 180 196 148 186L136 240Z" fill="#f97316"/>`;
    b += `<path d="M54 240L62 206L74 208L68 240Z M186 240L178 206L166 208L172 240Z" fill="#e5e7eb" opacity=".9"/>`;
  }
  if (o.style === 'scarf') {
    b += `<path d="M78 140C78 186 98 210 120 212C142 210 162 186 162 140Z" fill="url(#hair)"/>`;
    b += `<path d="M96 196Q120 214 144 196" fill="none" stroke="#000" stroke-opacity=".15" stroke-width="3"/>`;
  } else {
    // neck
    b += `<path d="M102 140L102 180Q120 196 138 180L138 140Z" fill="${skinD}"/>`;
  }
  if (!o.vest && o.style !== 'scarf')
    b += `<path d="M100 178L120 204L140 178L150 184L120 214L90 184Z" fill="${o.collar}"/>`;
  // ears
  if (o.style !== 'scarf')
    b += `<ellipse cx="80" cy="112" rx="8" ry="11" fill="${skinD}"/><ellipse cx="160" cy="112" rx="8" ry="11" fill="${skinD}"/>`;
  // head
  b += `<ellipse cx="120" cy="106" rx="40" ry="48" fill="url(#face)"/>`;
  // hair fronts
  const H = 'fill="url(#hair)"';
  switch (o.style) {
    case 'short':
      b += `<path d="M78 110C72 70 94 50 122 50C152 50 170 70 162 110C158 92 150 80 132 76C112 86 92 86 78 110Z" ${H}/>`;
      break;
    case 'long':
      b += `<path d="M80 106C78 68 102 52 124 54C148 54 164 70 160 106C150 84 132 72 114 72C104 84 92 94 80 106Z" ${H}/>`;
      break;
    case 'curly': {
      b += `<path d="M78 108C74 70 96 52 120 52C146 52 168 70 162 108C150 88 92 88 78 108Z" ${H}/>`;
      for (let i = 0; i <= 10; i++) {
        const a = (196 + i * 14.8) * DEG;
        const [x, y] = pol(120, 100, 46, a);
        b += `<circle cx="${x}" cy="${y}" r="${i % 2 ? 14 : 12}" ${H}/>`;
      }
      break;
    }
    case 'bald':
      b += `<path d="M80 118C78 100 82 92 86 88L88 118Z M160 118C162 100 158 92 154 88L152 118Z" ${H}/>`;
      b += `<path d="M82 114C84 150 100 164 120 164C140 164 156 150 158 114C152 132 142 140 120 140C98 140 88 132 82 114Z" ${H}/>`;
      b += `<path d="M104 128Q120 120 136 128Q120 132 104 128Z" ${H}/>`;
      break;
    case 'hat':
      b += `<path d="M82 104C82 90 92 82 104 82L136 82C148 82 158 90 158 104Z" ${H}/>`;
      b += `<path d="M72 94C72 56 94 38 120 38C146 38 168 56 168 94Z" fill="#facc15"/>`;
      b += `<path d="M112 40L128 40L130 92L110 92Z" fill="#fde047"/>`;
      b += `<rect x="62" y="90" width="116" height="12" rx="6" fill="#eab308"/>`;
      break;
    case 'scarf':
      b += `<path d="M80 112C78 70 98 56 120 56C142 56 162 70 160 112C160 80 140 66 120 66C100 66 80 80 80 112Z" ${H}/>`;
      break;
    case 'bun':
      b += `<circle cx="120" cy="48" r="20" ${H}/>`;
      b += `<path d="M78 110C74 70 96 56 120 56C146 56 166 70 162 110C156 88 140 76 120 76C100 76 84 88 78 110Z" ${H}/>`;
      break;
    default:
      break;
  }
  // face
  const ink = '#2b2522';
  b += `<ellipse cx="105" cy="112" rx="3.6" ry="4.4" fill="${ink}"/><ellipse cx="135" cy="112" rx="3.6" ry="4.4" fill="${ink}"/>`;
  b += `<path d="M97 100Q105 95 112 99M128 99Q135 95 143 100" fill="none" stroke="${o.brow || ink}" stroke-width="2.6" stroke-linecap="round" opacity=".8"/>`;
  b += `<path d="M119 114Q115 124 121 126" fill="none" stroke="${skinD}" stroke-width="2.4" stroke-linecap="round"/>`;
  if (o.style !== 'bald')
    b += `<path d="M107 134Q120 145 133 134" fill="none" stroke="#7a3b2e" stroke-width="3" stroke-linecap="round"/>`;
  else
    b += `<path d="M110 134Q120 140 130 134" fill="none" stroke="#7a3b2e" stroke-width="3" stroke-linecap="round"/>`;
  b += `<ellipse cx="96" cy="126" rx="7" ry="4" fill="#f87171" opacity=".18"/><ellipse cx="144" cy="126" rx="7" ry="4" fill="#f87171" opacity=".18"/>`;
  if (o.glasses)
    b += `<g fill="#fff" fill-opacity=".15" stroke="${o.glasses}" stroke-width="3"><rect x="91" y="102" width="26" height="20" rx="8"/><rect x="123" y="102" width="26" height="20" rx="8"/><path d="M117 110L123 110" fill="none"/></g>`;
  return svgDoc(size, size, defs, `<g transform="scale(${size / 240})">${b}</g>`);
}

const REVIEWERS = [
  {
    bg: ['#5eead4', '#0f766e'],
    skin: '#f1c9a5',
    skinShade: '#d9a37e',
    hair: ['#3b2a20', '#1f1611'],
    style: 'short',
    shirt: ['#1e3a5f', '#12263f'],
    collar: '#e2e8f0',
  },
  {
    bg: ['#bfdbfe', '#3b82f6'],
    skin: '#f7d7c4',
    skinShade: '#e3b79c',
    hair: ['#b45a2a', '#7c3414'],
    style: 'long',
    shirt: ['#fb7185', '#e11d48'],
    collar: '#fde2e4',
    glasses: '#334155',
    brow: '#7c3414',
  },
  {
    bg: ['#fde68a', '#d97706'],
    skin: '#8d5a3b',
    skinShade: '#6e442b',
    hair: ['#1a1411', '#0b0907'],
    style: 'curly',
    shirt: ['#34d399', '#047857'],
    collar: '#d1fae5',
  },
  {
    bg: ['#ddd6fe', '#7c3aed'],
    skin: '#d9a27a',
    skinShade: '#b98260',
    hair: ['#9ca3af', '#6b7280'],
    style: 'bald',
    shirt: ['#475569', '#1e293b'],
    collar: '#cbd5e1',
    brow: '#6b7280',
  },
  {
    bg: ['#cbd5e1', '#475569'],
    skin: '#c58c62',
    skinShade: '#a5704b',
    hair: ['#2a1d15', '#150e0a'],
    style: 'hat',
    shirt: ['#3b82f6', '#1d4ed8'],
    collar: '#dbeafe',
    vest: true,
  },
  {
    bg: ['#bbf7d0', '#15803d'],
    skin: '#a8714c',
    skinShade: '#8a5a3a',
    hair: ['#9f1239', '#6b0f2a'],
    style: 'scarf',
    shirt: ['#94a3b8', '#64748b'],
    collar: '#e2e8f0',
  },
];

const AUTHOR = {
  bg: ['#e0f2fe', '#38bdf8'],
  skin: '#eec4a3',
  skinShade: '#d39e7a',
  hair: ['#5b3a23', '#2e1d12'],
  style: 'bun',
  shirt: ['#334155', '#0f172a'],
  collar: '#f1f5f9',
  glasses: '#1e293b',
  brow: '#3b2618',
};

/* --------------------------------------------------------------- scenes */

const parts = {
  gear: spurGear,
  bearing: ballBearing,
  bolt: hexFlangeBolt,
  cylinder: hydraulicCylinder,
  valve: ballValve,
  bushing: bronzeBushing,
  sprocket: rollerChainSprocket,
  coupling: jawCoupling,
  spring: compressionSpring,
  flange: weldNeckFlange,
};

function sceneParts(list) {
  let defs = '';
  let body = '';
  list.forEach(([name, x, y, s, rot = 0], i) => {
    const r = parts[name](`p${i}`);
    defs += r.defs;
    body += place(r.body, x, y, s, rot);
  });
  return { defs, body };
}

function hero() {
  const W = 1200;
  const H = 800;
  const defs = [
    lin('wall', [
      [0, '#1a2636'],
      [1, '#33465d'],
    ]),
    lin('glass', [
      [0, '#a9c6de'],
      [1, '#5f82a3'],
    ]),
    lin('floor', [
      [0, '#2b3849'],
      [1, '#151d28'],
    ]),
    lin('beam', [
      [0, '#f6b24a', 0.0],
      [1, '#f6b24a', 0.0],
    ]),
    lin('ray', [
      [0, '#dbeafe', 0.16],
      [1, '#dbeafe', 0],
    ]),
    lin('mach', [
      [0, '#e8eef4'],
      [1, '#b7c4d2'],
    ]),
    lin('machD', [
      [0, '#3c4f66'],
      [1, '#26354a'],
    ]),
    lin('door', [
      [0, '#4b6a8a', 0.95],
      [1, '#1d2c3d', 0.95],
    ]),
    lin('lathe', [
      [0, '#4f6580'],
      [1, '#34465c'],
    ]),
    lin('bench', [
      [0, '#7d8ea3'],
      [1, '#56677c'],
    ]),
    lin('benchF', [
      [0, '#2e3d50'],
      [1, '#1b2533'],
    ]),
    rad('glow', [
      [0, '#fff3c4', 0.9],
      [1, '#fff3c4', 0],
    ]),
    lin('cone', [
      [0, '#fff3c4', 0.22],
      [1, '#fff3c4', 0],
    ]),
    lin('screen', [
      [0, '#67e8f9'],
      [1, '#0e7490'],
    ]),
    blur('b8', 8),
    blur('b3', 3),
  ].join('');
  let b = `<rect width="${W}" height="${H}" fill="url(#wall)"/>`;
  // roof trusses
  b += `<g stroke="#0f1823" stroke-width="6" fill="none" opacity=".85"><path d="M0 40L1200 40M0 78L1200 78"/>`;
  let z = 'M0 78';
  for (let x = 0; x <= 1200; x += 60)
    z += `L${x + 30} ${x % 120 ? 78 : 40}L${x + 60} ${x % 120 ? 40 : 78}`;
  b += `<path d="${z}" stroke-width="3"/></g>`;
  // high windows
  for (let i = 0; i < 5; i++) {
    const x = 70 + i * 220;
    b += `<rect x="${x}" y="120" width="180" height="210" fill="url(#glass)" opacity=".55"/>`;
    b += `<g stroke="#1a2636" stroke-width="6"><path d="M${x + 60} 120L${x + 60} 330M${x + 120} 120L${x + 120} 330M${x} 190L${x + 180} 190M${x} 260L${x + 180} 260"/><rect x="${x}" y="120" width="180" height="210" fill="none"/></g>`;
    b += `<path d="M${x} 330L${x + 180} 330L${x + 300} 800L${x + 60} 800Z" fill="url(#ray)"/>`;
  }
  // floor
  b += `<rect y="560" width="${W}" height="240" fill="url(#floor)"/>`;
  b += `<g stroke="#3b4c62" stroke-width="2" opacity=".5">`;
  for (let i = -6; i <= 18; i++) b += `<path d="M${600 + i * 60} 560L${600 + i * 160} 800"/>`;
  b += `</g><path d="M0 620L1200 620" stroke="#f2b233" stroke-width="6" stroke-dasharray="40 24" opacity=".55"/>`;
  // lathe (left, background)
  b += `<g>`;
  b += `<rect x="70" y="470" width="420" height="110" rx="6" fill="url(#lathe)"/>`;
  b += `<rect x="60" y="440" width="120" height="140" rx="6" fill="#3a4d64"/>`;
  b += `<rect x="78" y="458" width="84" height="40" rx="4" fill="#2a394c"/><circle cx="100" cy="520" r="10" fill="#f2b233"/><circle cx="130" cy="520" r="10" fill="#94a3b8"/>`;
  b += `<circle cx="200" cy="470" r="38" fill="#7f93aa"/><circle cx="200" cy="470" r="14" fill="#2a394c"/>`;
  b += `<rect x="236" y="462" width="200" height="16" fill="#a9b8c8"/>`;
  b += `<rect x="430" y="440" width="56" height="60" rx="4" fill="#3a4d64"/>`;
  b += `<rect x="280" y="500" width="90" height="40" rx="4" fill="#2a394c"/>`;
  b += `<rect x="90" y="580" width="30" height="24" fill="#1b2533"/><rect x="440" y="580" width="30" height="24" fill="#1b2533"/>`;
  b += `</g>`;
  // CNC mill enclosure (right)
  b += `<ellipse cx="860" cy="690" rx="260" ry="26" fill="#05080c" opacity=".5" filter="url(#b8)"/>`;
  b += `<rect x="650" y="300" width="420" height="390" rx="14" fill="url(#mach)"/>`;
  b += `<rect x="650" y="300" width="420" height="46" rx="14" fill="url(#machD)"/>`;
  b += `<rect x="650" y="620" width="420" height="70" fill="url(#machD)"/>`;
  b += `<rect x="676" y="364" width="300" height="240" rx="8" fill="#24364a"/>`;
  b += `<rect x="690" y="378" width="272" height="212" rx="6" fill="url(#door)"/>`;
  // inside: spindle, tool, vise
  b += `<rect x="790" y="378" width="72" height="96" fill="#91a6bd"/><rect x="806" y="474" width="40" height="26" fill="#c8d4e0"/><rect x="820" y="500" width="12" height="38" fill="#e5ebf1"/>`;
  b += `<rect x="740" y="552" width="172" height="38" fill="#6f86a0"/><rect x="780" y="534" width="92" height="20" fill="#aebdcc"/>`;
  b += `<path d="M700 380L760 380L700 470Z" fill="#fff" opacity=".12"/>`;
  b += `<rect x="940" y="470" width="10" height="60" rx="5" fill="#cbd5e1"/>`;
  // control panel
  b += `<rect x="990" y="370" width="66" height="200" rx="6" fill="url(#machD)"/>`;
  b += `<rect x="998" y="382" width="50" height="62" rx="3" fill="url(#screen)"/>`;
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 3; c++)
      b += `<rect x="${1000 + c * 16}" y="${456 + r * 16}" width="12" height="10" rx="2" fill="#9fb3c8"/>`;
  b += `<circle cx="1023" cy="538" r="11" fill="#ef4444" stroke="#fde047" stroke-width="4"/>`;
  // status light tower
  b += `<rect x="1038" y="214" width="8" height="86" fill="#94a3b8"/>`;
  b += `<rect x="1030" y="220" width="24" height="22" rx="3" fill="#7f1d1d"/><rect x="1030" y="242" width="24" height="22" rx="3" fill="#854d0e"/><rect x="1030" y="264" width="24" height="22" rx="3" fill="#22c55e"/>`;
  b += `<circle cx="1042" cy="275" r="22" fill="#4ade80" opacity=".35" filter="url(#b8)"/>`;
  // hanging lamps
  for (const x of [300, 600, 900]) {
    b += `<path d="M${x} 0L${x} 150" stroke="#0f1823" stroke-width="3"/>`;
    b += `<path d="M${x - 120} 176L${x + 120} 176L${x + 320} 800L${x - 320} 800Z" fill="url(#cone)"/>`;
    b += `<path d="M${x - 40} 176L${x - 24} 150L${x + 24} 150L${x + 40} 176Z" fill="#0f1823"/>`;
    b += `<ellipse cx="${x}" cy="178" rx="38" ry="10" fill="url(#glow)"/>`;
    b += `<ellipse cx="${x}" cy="184" rx="80" ry="26" fill="url(#glow)" opacity=".5" filter="url(#b8)"/>`;
  }
  // workbench in the foreground
  b += `<rect x="0" y="676" width="${W}" height="26" fill="url(#bench)"/>`;
  b += `<rect x="0" y="702" width="${W}" height="98" fill="url(#benchF)"/>`;
  b += `<g fill="#3b4c62">`;
  for (let i = 0; i < 4; i++)
    b += `<rect x="${60 + i * 290}" y="718" width="220" height="64" rx="6"/>`;
  b += `</g><g fill="#94a3b8">`;
  for (let i = 0; i < 4; i++)
    b += `<rect x="${140 + i * 290}" y="744" width="60" height="8" rx="4"/>`;
  b += `</g>`;
  // parts on the bench, with contact shadows
  for (const [x, rx] of [
    [210, 80],
    [420, 70],
    [640, 130],
    [880, 80],
    [1060, 70],
  ])
    b += `<ellipse cx="${x}" cy="680" rx="${rx}" ry="8" fill="#05080c" opacity=".55" filter="url(#b3)"/>`;
  const sp = sceneParts([
    ['gear', 210, 616, 0.34],
    ['bearing', 420, 620, 0.3],
    ['bolt', 640, 655, 0.42, 8],
    ['spring', 880, 606, 0.32],
    ['bushing', 1060, 612, 0.3],
  ]);
  return svgDoc(W, H, defs + sp.defs, b + sp.body);
}

function about() {
  const W = 1000;
  const H = 750;
  const defs = [
    lin('wall', [
      [0, '#d8e1eb'],
      [1, '#b8c6d5'],
    ]),
    lin('floor', [
      [0, '#9aabbd'],
      [1, '#7a8ca0'],
    ]),
    lin('up', [
      [0, '#3b6ea5'],
      [1, '#24507f'],
    ]),
    lin('beam', [
      [0, '#fb923c'],
      [1, '#c2410c'],
    ]),
    lin('box', [
      [0, '#d9ac74'],
      [1, '#b98a52'],
    ]),
    lin('boxT', [
      [0, '#ecc896'],
      [1, '#d9ac74'],
    ]),
    lin('bin', [
      [0, '#60a5fa'],
      [1, '#1d4ed8'],
    ]),
    lin('wood', [
      [0, '#d6a874'],
      [1, '#a87a48'],
    ]),
    lin('crate', [
      [0, '#c99a62'],
      [1, '#9a6d3c'],
    ]),
    lin(
      'wrap',
      [
        [0, '#ffffff', 0.35],
        [0.5, '#ffffff', 0.05],
        [1, '#ffffff', 0.25],
      ],
      { x2: 1, y2: 0 },
    ),
    blur('b6', 6),
  ].join('');
  let b = `<rect width="${W}" height="${H}" fill="url(#wall)"/>`;
  b += `<rect y="600" width="${W}" height="150" fill="url(#floor)"/>`;
  b += `<path d="M0 640L1000 640" stroke="#facc15" stroke-width="8" opacity=".8"/>`;
  // skylight glow
  b += `<ellipse cx="500" cy="0" rx="520" ry="120" fill="#fff" opacity=".35" filter="url(#b6)"/>`;
  // racking: two bays, three levels
  const box = (x, y, w, h) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#box)" stroke="#8a6236" stroke-width="1.2"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="8" fill="url(#boxT)"/>` +
    `<rect x="${x + w / 2 - 6}" y="${y}" width="12" height="${h * 0.45}" fill="#c9a06a" opacity=".8"/>` +
    `<rect x="${x + 10}" y="${y + h - 30}" width="${Math.min(46, w - 20)}" height="20" fill="#f8fafc" opacity=".9"/>`;
  const bin = (x, y, w, h) =>
    `<path d="M${x} ${y}L${x + w} ${y}L${x + w - 6} ${y + h}L${x + 6} ${y + h}Z" fill="url(#bin)" stroke="#1e3a8a" stroke-width="1.2"/>` +
    `<rect x="${x + w / 2 - 14}" y="${y + 10}" width="28" height="14" fill="#e0f2fe"/>`;
  const levels = [230, 420, 600];
  for (const y of levels.slice(0, 2)) {
    b += `<rect x="50" y="${y - 4}" width="900" height="6" fill="#0f172a" opacity=".2"/>`;
  }
  // goods on shelves (drawn before beams so they sit on them)
  const shelf = [
    [60, 90, 'box', 130, 140],
    [200, 120, 'box', 100, 110],
    [310, 110, 'box', 110, 120],
    [520, 160, 'bin', 90, 70],
    [620, 160, 'bin', 90, 70],
    [720, 160, 'bin', 90, 70],
    [820, 100, 'box', 110, 130],
    [60, 300, 'box', 120, 120],
    [190, 330, 'box', 90, 90],
    [290, 290, 'box', 130, 130],
    [520, 330, 'box', 100, 90],
    [630, 290, 'box', 140, 130],
    [780, 350, 'bin', 80, 70],
    [860, 350, 'bin', 80, 70],
  ];
  for (const [x, y, t, w, h] of shelf) b += t === 'box' ? box(x, y, w, h) : bin(x, y, w, h);
  // uprights and beams
  for (const x of [40, 490, 940]) {
    b += `<rect x="${x}" y="60" width="20" height="580" fill="url(#up)"/>`;
    for (let y = 80; y < 620; y += 22)
      b += `<rect x="${x + 7}" y="${y}" width="6" height="10" rx="2" fill="#0f2a47" opacity=".6"/>`;
  }
  for (const y of levels.slice(0, 2)) {
    b += `<rect x="40" y="${y}" width="920" height="20" fill="url(#beam)"/>`;
  }
  b += `<rect x="40" y="60" width="920" height="14" fill="url(#beam)"/>`;
  // floor-level stock behind the pallet
  b += box(70, 500, 130, 100) + box(210, 520, 100, 80) + box(780, 490, 150, 110);
  // pallet with stacked, wrapped boxes and an open crate of gears
  b += `<ellipse cx="500" cy="718" rx="330" ry="18" fill="#0f172a" opacity=".35" filter="url(#b6)"/>`;
  b += `<rect x="190" y="680" width="620" height="14" fill="url(#wood)" stroke="#7c5530" stroke-width="1"/>`;
  for (const x of [196, 480, 766])
    b += `<rect x="${x}" y="694" width="38" height="24" fill="url(#wood)" stroke="#7c5530" stroke-width="1"/>`;
  b += `<rect x="190" y="712" width="620" height="10" fill="url(#wood)" stroke="#7c5530" stroke-width="1"/>`;
  for (const [x, y, w, h] of [
    [200, 560, 140, 120],
    [340, 560, 130, 120],
    [210, 450, 125, 110],
    [335, 450, 125, 110],
  ])
    b += box(x, y, w, h);
  b += `<rect x="198" y="446" width="274" height="234" fill="url(#wrap)"/>`;
  b += `<path d="M210 470L460 640M215 520L400 676" stroke="#fff" stroke-opacity=".35" stroke-width="3"/>`;
  // crate
  const cr = sceneParts([
    ['gear', 560, 540, 0.26],
    ['sprocket', 650, 548, 0.24],
    ['gear', 740, 560, 0.22, 12],
    ['flange', 610, 568, 0.28],
  ]);
  b += cr.body.replace(/^/, '');
  b += `<rect x="500" y="560" width="300" height="120" fill="url(#crate)" stroke="#6e4a24" stroke-width="1.5"/>`;
  for (let i = 0; i < 3; i++)
    b += `<rect x="500" y="${574 + i * 36}" width="300" height="4" fill="#6e4a24" opacity=".5"/>`;
  b += `<path d="M500 560L800 680M800 560L500 680" stroke="#8a5c2e" stroke-width="10" opacity=".6"/>`;
  b += `<rect x="500" y="560" width="16" height="120" fill="#8a5c2e"/><rect x="784" y="560" width="16" height="120" fill="#8a5c2e"/>`;
  return svgDoc(W, H, defs + cr.defs, b);
}

function contact() {
  const W = 800;
  const defs = [
    lin('bg', [
      [0, '#eef3f8'],
      [1, '#d4deea'],
    ]),
    lin('env', [
      [0, '#ffffff'],
      [1, '#e2e8f0'],
    ]),
    lin('flap', [
      [0, '#cbd5e1'],
      [1, '#f1f5f9'],
    ]),
    lin('phone', [
      [0, '#334155'],
      [1, '#0f172a'],
    ]),
    lin('scr', [
      [0, '#60a5fa'],
      [1, '#1e40af'],
    ]),
    lin('acc', [
      [0, '#fb923c'],
      [1, '#ea580c'],
    ]),
    lin('band', [
      [0, '#475569'],
      [1, '#1e293b'],
    ]),
    blur('b10', 10),
  ].join('');
  let b = `<rect width="${W}" height="${W}" fill="url(#bg)"/>`;
  b += `<circle cx="400" cy="420" r="300" fill="#c7d6e6" opacity=".55"/>`;
  b += `<circle cx="400" cy="420" r="220" fill="#b5c8dc" opacity=".35"/>`;
  // dotted flight path + paper plane
  b += `<path d="M150 250C220 120 360 110 430 170" fill="none" stroke="#64748b" stroke-width="4" stroke-dasharray="2 14" stroke-linecap="round"/>`;
  b += `<path d="M440 160L520 120L488 196L470 176Z" fill="#ffffff" stroke="#64748b" stroke-width="3" stroke-linejoin="round"/><path d="M470 176L520 120" stroke="#64748b" stroke-width="3"/>`;
  // smartphone
  b += `<ellipse cx="600" cy="688" rx="110" ry="14" fill="#0f172a" opacity=".25" filter="url(#b10)"/>`;
  b += `<g transform="rotate(8 600 460)"><rect x="510" y="250" width="180" height="380" rx="28" fill="url(#phone)"/>`;
  b += `<rect x="524" y="284" width="152" height="316" rx="10" fill="url(#scr)"/><rect x="578" y="264" width="44" height="8" rx="4" fill="#475569"/>`;
  b += `<rect x="540" y="310" width="100" height="40" rx="14" fill="#fff" opacity=".9"/><rect x="560" y="364" width="100" height="40" rx="14" fill="#fdba74"/><rect x="540" y="418" width="80" height="40" rx="14" fill="#fff" opacity=".9"/>`;
  b += `<g fill="#64748b"><circle cx="566" cy="330" r="5"/><circle cx="584" cy="330" r="5"/><circle cx="602" cy="330" r="5"/></g></g>`;
  // headset
  b += `<g transform="translate(250 150)"><path d="M-70 90C-70 10 -30 -24 0 -24C30 -24 70 10 70 90" fill="none" stroke="url(#band)" stroke-width="16" stroke-linecap="round"/>`;
  b += `<rect x="-92" y="70" width="40" height="74" rx="16" fill="url(#band)"/><rect x="52" y="70" width="40" height="74" rx="16" fill="url(#band)"/>`;
  b += `<rect x="-84" y="80" width="10" height="54" rx="5" fill="#fb923c"/><rect x="74" y="80" width="10" height="54" rx="5" fill="#fb923c"/>`;
  b += `<path d="M-62 138C-60 178 -30 188 4 184" fill="none" stroke="#334155" stroke-width="7" stroke-linecap="round"/><rect x="0" y="174" width="28" height="18" rx="9" fill="#fb923c"/></g>`;
  // envelope
  b += `<ellipse cx="360" cy="660" rx="220" ry="18" fill="#0f172a" opacity=".25" filter="url(#b10)"/>`;
  b += `<g transform="rotate(-6 360 520)">`;
  b += `<rect x="150" y="400" width="420" height="250" rx="14" fill="url(#env)" stroke="#94a3b8" stroke-width="3"/>`;
  b += `<path d="M156 640L330 520Q360 500 390 520L564 640" fill="none" stroke="#cbd5e1" stroke-width="4"/>`;
  b += `<path d="M152 406L332 548Q360 568 388 548L568 406" fill="url(#flap)" stroke="#94a3b8" stroke-width="3" stroke-linejoin="round"/>`;
  b += `<circle cx="360" cy="552" r="30" fill="url(#acc)"/>`;
  b += `<path d="M346 546Q360 532 374 546M343 558L377 558" fill="none" stroke="#fff" stroke-width="0"/>`;
  b += `<path d="M349 552l7 7 14-16" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`;
  b += `</g>`;
  // handset badge
  b += `<circle cx="640" cy="170" r="70" fill="url(#acc)"/><circle cx="640" cy="170" r="84" fill="none" stroke="#fb923c" stroke-width="4" opacity=".35"/>`;
  b += `<g transform="translate(640 170) rotate(-45)"><path d="M-30 -8Q0 -22 30 -8" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round"/>`;
  b += `<rect x="-44" y="-14" width="26" height="34" rx="10" fill="#fff" transform="rotate(-20 -31 3)"/><rect x="18" y="-14" width="26" height="34" rx="10" fill="#fff" transform="rotate(20 31 3)"/></g>`;
  b += `<path d="M700 100Q722 78 720 52M716 120Q750 92 746 52" fill="none" stroke="#fb923c" stroke-width="6" stroke-linecap="round"/>`;
  return svgDoc(W, W, defs, b);
}

function notFound() {
  const W = 800;
  const H = 600;
  const cx = 400;
  const cy = 270;
  const gear = gearD(cx, cy, 16, 112, 138);
  const bore = circleD(cx, cy, 62);
  const crack = 'M400 80L412 160L392 200L418 250L396 300L420 350L402 400L410 480';
  const leftClip = `${crack}L0 480L0 80Z`;
  const rightClip = `${crack}L800 480L800 80Z`;
  const four =
    'M100 0L154 0L154 148L182 148L182 198L154 198L154 262L104 262L104 198L0 198L0 150ZM104 74L50 150L104 150Z';
  const defs = [
    rad(
      'bg',
      [
        [0, '#ffffff'],
        [0.6, '#e8eef4'],
        [1, '#cfd9e3'],
      ],
      { cy: 0.4, r: 0.75 },
    ),
    lin('dig', [
      [0, '#5b82ad'],
      [1, '#2c4a6e'],
    ]),
    lin('digS', [
      [0, '#1e3350'],
      [1, '#0f1d30'],
    ]),
    `<path id="g" d="${gear}${bore}"/>`,
    `<path id="f4" d="${four}"/>`,
    lin('face', STEEL_FACE, { x2: 1, y2: 1 }),
    lin(
      'side',
      [
        [0, '#8d96a0'],
        [1, '#454d56'],
      ],
      { x2: 1, y2: 1 },
    ),
    `<clipPath id="gc"><path d="${gear}${bore}" clip-rule="evenodd"/></clipPath><clipPath id="cl"><path d="${leftClip}"/></clipPath><clipPath id="cr"><path d="${rightClip}"/></clipPath>`,
    blur('sh', 14),
  ].join('');
  const gearHalf = (clip) => {
    let s = '';
    for (let k = 12; k >= 1; k--)
      s += ref('g', `x="${f(k * 0.8)}" y="${f(k * 0.9)}" fill="url(#side)" fill-rule="evenodd"`);
    s += ref('g', `fill="url(#face)" fill-rule="evenodd" stroke="#4f5760" stroke-width="1.2"`);
    s += `<circle cx="${cx}" cy="${cy}" r="86" fill="none" stroke="#6a737d" stroke-opacity=".5" stroke-width="3"/>`;
    s += `<g clip-path="url(#gc)"><path d="${crack}" fill="none" stroke="#2a3036" stroke-width="5"/></g>`;
    return `<g clip-path="url(#${clip})">${s}</g>`;
  };
  const digit = (x, y) => {
    let s = '';
    for (let k = 12; k >= 1; k--)
      s += ref('f4', `x="${x + k * 0.8}" y="${y + k * 0.9}" fill="url(#digS)" fill-rule="evenodd"`);
    s += ref('f4', `x="${x}" y="${y}" fill="url(#dig)" fill-rule="evenodd"`);
    return s;
  };
  let b = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  b += `<ellipse cx="400" cy="500" rx="330" ry="24" fill="#1c2733" opacity=".25" filter="url(#sh)"/>`;
  b += digit(56, 140) + digit(566, 140);
  b += `<g transform="rotate(-6 400 270)">${gearHalf('cl')}</g>`;
  b += `<g transform="rotate(9 420 400) translate(10 6)">${gearHalf('cr')}</g>`;
  // broken-off tooth and a loose bolt on the floor
  const tooth = `M0 0L30 0L24 26L6 26Z`;
  b += `<g transform="translate(470 478) rotate(28)"><path d="${tooth}" fill="url(#side)" transform="translate(4 4)"/><path d="${tooth}" fill="url(#face)" stroke="#4f5760" stroke-width="1.2"/></g>`;
  b += `<g transform="translate(300 488) rotate(-12)"><path d="M0 0L22 0L20 18L4 18Z" fill="url(#face)" stroke="#4f5760" stroke-width="1.2"/></g>`;
  const bolt = hexFlangeBolt('bt');
  b += place(bolt.body, 590, 470, 0.2, -20);
  b += `<g fill="#94a3b8"><circle cx="360" cy="492" r="3"/><circle cx="380" cy="500" r="2"/><circle cx="520" cy="494" r="2.5"/></g>`;
  return svgDoc(W, H, defs + bolt.defs, b);
}

function iconSvg() {
  const d = gearD(32, 32, 8, 21, 29, 0.3, 0.17);
  const hole = circleD(32, 32, 9);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f7cab"/><stop offset="1" stop-color="#1e3a5f"/></linearGradient></defs><path fill="url(#g)" fill-rule="evenodd" d="${d}${hole}"/><circle cx="32" cy="32" r="5" fill="#f59e0b"/></svg>\n`;
}

/* ---------------------------------------------------------------- output */

async function render(svg, rel, w, h) {
  const out = path.join(ROOT, rel);
  await mkdir(path.dirname(out), { recursive: true });
  const info = await sharp(Buffer.from(svg)).resize(w, h).webp({ quality: 78 }).toFile(out);
  console.log(`${rel}  ${w}x${h}  ${(info.size / 1024).toFixed(1)} kB`);
}

const PRODUCTS = {
  'spur-gear': [spurGear, {}],
  'deep-groove-ball-bearing': [ballBearing, {}],
  'hex-flange-bolt': [hexFlangeBolt, { shadowY: 425, shadowRx: 250 }],
  'hydraulic-cylinder': [hydraulicCylinder, { shadowY: 440, shadowRx: 330, dx: -22 }],
  'ball-valve': [ballValve, { shadowY: 460 }],
  'bronze-bushing': [bronzeBushing, { shadowY: 515, shadowRx: 200 }],
  'roller-chain-sprocket': [rollerChainSprocket, { shadowRx: 0 }],
  'jaw-coupling': [jawCoupling, { shadowY: 460, shadowRx: 340 }],
  'compression-spring': [compressionSpring, { shadowY: 515, shadowRx: 200 }],
  'weld-neck-flange': [weldNeckFlange, { shadowY: 470, shadowRx: 270 }],
};

for (const [slug, [fn, opts]] of Object.entries(PRODUCTS)) {
  await render(productDoc(fn, opts), `public/images/products/${slug}.webp`, 800, 600);
}
for (const [i, o] of REVIEWERS.entries()) {
  await render(avatar(o), `public/images/reviews/reviewer-${i + 1}.webp`, 240, 240);
}
await render(avatar(AUTHOR, 400), 'public/images/portfolio/author.webp', 400, 400);
await render(hero(), 'public/images/hero.webp', 1200, 800);
await render(about(), 'public/images/about.webp', 1000, 750);
await render(contact(), 'public/images/contact.webp', 800, 800);
await render(notFound(), 'public/images/not-found.webp', 800, 600);
await writeFile(path.join(ROOT, 'app/icon.svg'), iconSvg());
console.log('app/icon.svg');
