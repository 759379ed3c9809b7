/**
 * Generated parts for trying the store at scale (`npm run seed -- --products 10000`): believable
 * names, part numbers, descriptions, prices and stock across every category, with the demo
 * pictures. Deterministic: the same count gives the same catalogue.
 */
import type { CategorySlug } from '@/lib/catalogue/categories';
import type { DemoProduct } from '@/lib/catalogue/demo-catalogue';

type Pick = <T>(choices: readonly T[]) => T;

interface PartFamily {
  category: CategorySlug;
  picture: string;
  /** Name, part-number stem and description of one variant, from a random picker. */
  make: (pick: Pick) => { name: string; stem: string; description: string };
  /** Unit price range in cents. */
  priceCents: readonly [number, number];
  minimums: readonly number[];
}

const image = (file: string) => `/images/products/${file}.webp`;

const families: PartFamily[] = [
  {
    category: 'gears',
    picture: image('spur-gear'),
    make: (pick) => {
      const kind = pick(['Spur', 'Helical', 'Straight Bevel'] as const);
      const gearModule = pick([1, 1.5, 2, 2.5, 3, 4] as const);
      const teeth = pick([18, 20, 24, 30, 36, 40, 48, 60] as const);
      const steel = pick([
        '20MnCr5 case-hardened steel',
        'C45 steel',
        '42CrMo4 through-hardened steel',
      ]);
      return {
        name: `${kind} Gear, Module ${gearModule}, ${teeth} Teeth`,
        stem: `${kind[0]}G-M${String(gearModule).replace('.', '')}-${teeth}`,
        description: `${kind} gear hobbed from ${steel} with a 20° pressure angle and a keyed bore. Ground to DIN quality ${pick([6, 7, 8])} for quiet running in gearboxes, conveyors and packaging machines.`,
      };
    },
    priceCents: [650, 6_500],
    minimums: [100, 250, 500],
  },
  {
    category: 'bearings',
    picture: image('deep-groove-ball-bearing'),
    make: (pick) => {
      const series = pick(['6000', '6200', '6300'] as const);
      const size = pick(['01', '02', '03', '04', '05', '06', '08', '10'] as const);
      const seal = pick(['2RS', 'ZZ', 'OPEN'] as const);
      const bore =
        ({ '01': 12, '02': 15, '03': 17 } as Record<string, number>)[size] ?? Number(size) * 5;
      return {
        name: `Deep Groove Ball Bearing ${series.slice(0, 2)}${size}-${seal}`,
        stem: `${series.slice(0, 2)}${size}-${seal}`,
        description: `Single-row deep groove ball bearing with a ${bore} mm bore, ${seal === '2RS' ? 'nitrile rubber seals' : seal === 'ZZ' ? 'steel shields' : 'no seals'} and C3 clearance. Chrome steel races, greased for life; for motors, pumps, fans and agricultural machinery.`,
      };
    },
    priceCents: [90, 1_800],
    minimums: [500, 1_000, 2_000],
  },
  {
    category: 'fasteners',
    picture: image('hex-flange-bolt'),
    make: (pick) => {
      const thread = pick(['M6', 'M8', 'M10', 'M12', 'M16'] as const);
      const length = pick([16, 20, 25, 30, 40, 50, 60, 80] as const);
      const grade = pick(['8.8', '10.9', 'A2-70', 'A4-80'] as const);
      const kind = pick(['Hex Flange Bolt', 'Hex Head Bolt', 'Socket Cap Screw'] as const);
      return {
        name: `${kind} ${thread} x ${length}, ${grade.startsWith('A') ? `Stainless ${grade}` : `Grade ${grade}`}`,
        stem: `${kind === 'Socket Cap Screw' ? 'SCS' : kind === 'Hex Head Bolt' ? 'HHB' : 'HFB'}-${thread}X${length}`,
        description: `${kind} to ISO standards, ${thread} x ${length} mm, property class ${grade}. ${grade.startsWith('A') ? 'Stainless steel for wet and food-grade assemblies.' : 'Cold forged and zinc-flake coated against corrosion.'} Sold in bulk cartons with a lot number.`,
      };
    },
    priceCents: [4, 160],
    minimums: [2_000, 5_000, 10_000],
  },
  {
    category: 'hydraulics',
    picture: image('hydraulic-cylinder'),
    make: (pick) => {
      const bore = pick([32, 40, 50, 63, 80, 100] as const);
      const rod = Math.round(bore * 0.56);
      const stroke = pick([100, 150, 200, 300, 400, 500] as const);
      return {
        name: `Double-Acting Hydraulic Cylinder ${bore}/${rod}-${stroke}`,
        stem: `HC-DA-${bore}/${rod}-${stroke}`,
        description: `Welded-body cylinder with a ${bore} mm bore, ${rod} mm hard-chromed rod and ${stroke} mm stroke, rated to ${pick([160, 210, 250])} bar. Clevis mounts, polyurethane seals and BSP ports; for tippers, presses and lifts.`,
      };
    },
    priceCents: [4_500, 32_000],
    minimums: [10, 50, 100],
  },
  {
    category: 'valves',
    picture: image('ball-valve'),
    make: (pick) => {
      const size = pick(['1/4', '3/8', '1/2', '3/4', '1', '1-1/4', '2'] as const);
      const material = pick(['Stainless 316', 'Brass', 'Carbon Steel'] as const);
      const kind = pick(['Full-Port Ball Valve', 'Check Valve', 'Needle Valve'] as const);
      const code = kind === 'Check Valve' ? 'CV' : kind === 'Needle Valve' ? 'NV' : 'BV';
      return {
        name: `${kind} ${size}", ${material}`,
        stem: `${code}-${size.replace(/\//g, '').replace('-', '')}-${material === 'Brass' ? 'BR' : material === 'Carbon Steel' ? 'CS' : '316'}`,
        description: `${kind} in ${material.toLowerCase()} with ${size}" NPT threaded ends, PTFE seats and a blow-out-proof stem. Pressure tested before shipping; suited to water, oil, gas and mild chemicals.`,
      };
    },
    priceCents: [480, 9_500],
    minimums: [50, 100, 500],
  },
  {
    category: 'bushings',
    picture: image('bronze-bushing'),
    make: (pick) => {
      const inner = pick([8, 10, 12, 16, 20, 25, 30] as const);
      const outer = inner + pick([4, 6, 8] as const);
      const length = pick([10, 15, 20, 25, 30] as const);
      const kind = pick(['Sintered Bronze', 'Flanged Bronze', 'PTFE-Lined Steel'] as const);
      return {
        name: `${kind} Bushing ${inner} x ${outer} x ${length}`,
        stem: `${kind === 'PTFE-Lined Steel' ? 'PSB' : kind === 'Flanged Bronze' ? 'FBB' : 'SBB'}-${inner}${outer}${length}`,
        description: `${kind} plain bearing, ${inner} mm bore, ${outer} mm outside, ${length} mm long. Self-lubricating for pivots, hinges, fans and small electric motors; press-fit with no extra grease.`,
      };
    },
    priceCents: [25, 900],
    minimums: [500, 1_000, 5_000],
  },
  {
    category: 'power-transmission',
    picture: image('roller-chain-sprocket'),
    make: (pick) => {
      const chain = pick(['06B-1', '08B-1', '10B-1', '12B-1', '08B-2'] as const);
      const teeth = pick([12, 15, 17, 19, 21, 24, 30, 38] as const);
      return {
        name: `Roller Chain Sprocket ${chain}, ${teeth} Teeth`,
        stem: `SPR-${chain.replace('-', '')}-${teeth}`,
        description: `${chain.endsWith('2') ? 'Duplex' : 'Simplex'} sprocket for ${chain} European roller chain, machined from C45 steel with induction-hardened teeth and a pilot bore ready for finishing. Hub on one side for set screws.`,
      };
    },
    priceCents: [600, 7_800],
    minimums: [100, 250, 500],
  },
  {
    category: 'power-transmission',
    picture: image('jaw-coupling'),
    make: (pick) => {
      const size = pick(['L-070', 'L-075', 'L-090', 'L-095', 'L-100', 'L-110'] as const);
      const spider = pick(['NBR', 'Urethane', 'Hytrel'] as const);
      return {
        name: `Jaw Coupling ${size} with ${spider} Spider`,
        stem: `JC-${size.replace('-', '')}-${spider.slice(0, 3).toUpperCase()}`,
        description: `Two sintered-iron hubs and a ${spider} spider that damps shock loads and takes up to 1° of angular misalignment. Bored to order for pump, compressor and gear-motor shafts.`,
      };
    },
    priceCents: [900, 6_400],
    minimums: [100, 250, 500],
  },
  {
    category: 'springs',
    picture: image('compression-spring'),
    make: (pick) => {
      const wire = pick([0.8, 1.0, 1.5, 2.0, 2.5, 3.0] as const);
      const diameter = pick([8, 10, 12, 16, 20, 25] as const);
      const length = pick([20, 30, 40, 50, 75, 100] as const);
      const kind = pick(['Compression', 'Extension', 'Torsion'] as const);
      return {
        name: `${kind} Spring ${wire.toFixed(1)} x ${diameter} x ${length} mm`,
        stem: `${kind[0]}S-${wire.toFixed(1)}-${diameter}-${length}`,
        description: `${kind} spring cold-coiled from EN 10270-1 spring steel wire of ${wire.toFixed(1)} mm, ${diameter} mm outside diameter and ${length} mm free length; shot-peened and stress-relieved for long fatigue life.`,
      };
    },
    priceCents: [8, 450],
    minimums: [1_000, 5_000, 10_000],
  },
  {
    category: 'pipe-fittings',
    picture: image('weld-neck-flange'),
    make: (pick) => {
      const dn = pick([15, 20, 25, 32, 40, 50, 65, 80, 100] as const);
      const pn = pick([10, 16, 25, 40] as const);
      const kind = pick(['Weld Neck Flange', 'Slip-On Flange', 'Blind Flange'] as const);
      const code = kind === 'Blind Flange' ? 'BLF' : kind === 'Slip-On Flange' ? 'SOF' : 'WNF';
      return {
        name: `${kind} DN${dn} PN${pn}`,
        stem: `${code}-DN${dn}-PN${pn}`,
        description: `Forged carbon steel ${kind.toLowerCase()} (P250GH) to EN 1092-1, DN${dn} PN${pn}, raised face. Supplied varnished with a 3.1 material certificate for process and water pipework.`,
      };
    },
    priceCents: [700, 14_000],
    minimums: [50, 100, 500],
  },
];

/** A small deterministic generator (mulberry32), so a count always gives the same catalogue. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A volume price list for a generated part: the base price at its minimum, about 8% off from
 * ten times the minimum and 15% off from forty times, keeping only rows that are really
 * cheaper than the row before (a few-cent part may have fewer breaks, or none).
 */
export function generatedPriceTiers(
  minimum: number,
  priceCents: number,
): DemoProduct['priceTiers'] {
  const rows = [{ minQuantity: minimum, priceCents }];
  for (const [times, factor] of [
    [10, 0.92],
    [40, 0.85],
  ] as const) {
    const price = Math.round(priceCents * factor);
    if (price >= 1 && price < rows[rows.length - 1]!.priceCents) {
      rows.push({ minQuantity: Math.max(1, minimum) * times, priceCents: price });
    }
  }
  return rows.length > 1 ? rows : undefined;
}

/**
 * `count` generated products, cycling through the part families so every category is
 * represented. Part numbers end in the product's serial number (`-00042`), so they are unique
 * among themselves and never equal a demo product's.
 */
export function generatedProducts(count: number): DemoProduct[] {
  const next = random(20_261_122);
  const pick: Pick = (choices) => choices[Math.floor(next() * choices.length)]!;
  const width = Math.max(5, String(count).length);
  return Array.from({ length: count }, (_, index) => {
    const family = families[index % families.length]!;
    const { name, stem, description } = family.make(pick);
    const [low, high] = family.priceCents;
    const minimum = pick(family.minimums);
    const availableQuantity = next() < 0.05 ? 0 : minimum * (2 + Math.floor(next() * 60));
    const priceCents = low + Math.floor(next() * (high - low));
    // Every third part has volume prices (derived, so the random sequence stays the same).
    const priceTiers = index % 3 === 0 ? generatedPriceTiers(minimum, priceCents) : undefined;
    return {
      name,
      description,
      minimumOrderQuantity: minimum,
      availableQuantity,
      priceCents,
      ...(priceTiers ? { priceTiers } : {}),
      picture: family.picture,
      sku: `${stem}-${String(index + 1).padStart(width, '0')}`,
      category: family.category,
    };
  });
}
