/**
 * The demo catalogue seeded into an empty database: a believable range of machined and
 * fabricated parts, with pictures shipped in public/images. A few have volume price tiers
 * (the first restating the base price at the minimum order quantity, lib/catalogue/validation/product.ts)
 * at quantities the order form's dropdown offers, so the tiers show on the product page.
 */
import type { ProductDoc } from './collections';
import type { ReviewDoc } from '@/lib/reviews';

/**
 * A product as seeded: every stored field but the id, the creation time and the lower-cased
 * part number (derived when seeding); every demo product has a part number and a category.
 */
export type DemoProduct = Omit<ProductDoc, '_id' | 'createdAt' | 'skuLower' | 'sku' | 'category'> &
  Required<Pick<ProductDoc, 'sku' | 'category'>>;

export type DemoReview = Omit<ReviewDoc, '_id' | 'createdAt' | 'userId'>;

/**
 * One demo product, as written below: `picture` is the file name under
 * public/images/products (without `.webp`), `stock` is [minimum order quantity, available
 * quantity, base price in cents]. Volume price breaks are `volumeTiers`, below.
 */
interface DemoRow {
  sku: string;
  category: DemoProduct['category'];
  name: string;
  picture: string;
  stock: [minimumOrderQuantity: number, availableQuantity: number, priceCents: number];
  description: string;
}

const productRows: DemoRow[] = [
  {
    sku: 'SG-M2-40-20',
    category: 'gears',
    name: 'Spur Gear, Module 2, 40 Teeth',
    picture: 'spur-gear',
    stock: [500, 18_000, 1_480],
    description:
      'Hobbed from case-hardened 20MnCr5 steel with a 20° pressure angle, a 20 mm bore and a DIN 6885 keyway. Teeth are ground to DIN quality 7 for quiet running in gearboxes, conveyors and packaging machines.',
  },
  {
    sku: '6205-2RS-C3',
    category: 'bearings',
    name: 'Deep Groove Ball Bearing 6205-2RS',
    picture: 'deep-groove-ball-bearing',
    stock: [1_000, 42_000, 265],
    description:
      'Single-row bearing, 25 x 52 x 15 mm, with nitrile rubber seals on both sides and lithium grease for life. Chrome steel races, C3 clearance, rated 14 kN dynamic load; a drop-in fit for motors, pumps and agricultural machinery.',
  },
  {
    sku: 'HFB-M10X40-109',
    category: 'fasteners',
    name: 'Hex Flange Bolt M10 x 40, Grade 10.9',
    picture: 'hex-flange-bolt',
    stock: [5_000, 250_000, 18],
    description:
      'Serrated-flange hex bolt to ISO 4162, cold forged from boron steel and zinc-flake coated for 720 hours of salt-spray resistance. The serrations lock against vibration without a washer, ideal for frames and chassis assembly.',
  },
  {
    sku: 'HC-DA-50/28-200',
    category: 'hydraulics',
    name: 'Double-Acting Hydraulic Cylinder 50/28-200',
    picture: 'hydraulic-cylinder',
    stock: [500, 2_400, 8_950],
    description:
      'Welded-body cylinder with a 50 mm bore, 28 mm hard-chromed rod and 200 mm stroke, rated to 210 bar. Clevis mounts at both ends, polyurethane seals and 3/8" BSP ports make it a standard choice for tippers, presses and lifts.',
  },
  {
    sku: 'BV3-1IN-316',
    category: 'valves',
    name: 'Full-Port Ball Valve 1", Stainless 316',
    picture: 'ball-valve',
    stock: [500, 6_500, 2_390],
    description:
      'Three-piece investment-cast valve in CF8M stainless steel with PTFE seats, a blow-out-proof stem and an ISO 5211 mounting pad for actuators. Threaded NPT ends, rated 1000 WOG, suited to water, oil, gas and mild chemicals.',
  },
  {
    sku: 'BSB-202625',
    category: 'bushings',
    name: 'Sintered Bronze Bushing 20 x 26 x 25',
    picture: 'bronze-bushing',
    stock: [1_000, 60_000, 74],
    description:
      'Oil-impregnated sintered bronze plain bearing (CuSn10) with about 20% porosity, so it lubricates itself for the life of the joint. Press-fit into housings for pivots, hinges, fans and small electric motors with no extra grease.',
  },
  {
    sku: 'SPR-08B1-24',
    category: 'power-transmission',
    name: 'Roller Chain Sprocket 08B-1, 24 Teeth',
    picture: 'roller-chain-sprocket',
    stock: [500, 9_800, 1_120],
    description:
      'Simplex sprocket for 1/2" pitch European roller chain, machined from C45 steel with induction-hardened teeth and a pilot bore ready for finishing. Hub on one side for set screws; matches standard conveyors and drives.',
  },
  {
    sku: 'JC-L100-NBR',
    category: 'power-transmission',
    name: 'Jaw Coupling L-100 with NBR Spider',
    picture: 'jaw-coupling',
    stock: [500, 7_200, 1_675],
    description:
      'Two sintered-iron hubs and a 80 Shore A nitrile spider that damps shock loads and takes up to 1° of angular misalignment. Transmits up to 50 Nm; bored to order for pump, compressor and gear-motor shafts.',
  },
  {
    sku: 'CS-2.0-20-50',
    category: 'springs',
    name: 'Compression Spring 2.0 x 20 x 50 mm',
    picture: 'compression-spring',
    stock: [5_000, 120_000, 32],
    description:
      'Cold-coiled from EN 10270-1 SH spring steel wire, ends closed and ground for square seating, shot-peened and stress-relieved for long fatigue life. Spring rate about 4.2 N/mm; used in valves, latches and tooling.',
  },
  {
    sku: 'WNF-DN50-PN16',
    category: 'pipe-fittings',
    name: 'Weld Neck Flange DN50 PN16',
    picture: 'weld-neck-flange',
    stock: [500, 3_600, 1_940],
    description:
      'Forged carbon steel flange (P250GH) to EN 1092-1 type 11 with a raised face and a bevelled neck for butt welding. Four M16 bolt holes on a 125 mm circle; supplied varnished with a 3.1 material certificate.',
  },
];

/**
 * The volume price breaks of the tiered demo products, by part number: pairs of from quantity
 * and price in cents. The other products have none: their base price always applies.
 */
const volumeTiers: Record<string, number[]> = {
  'SG-M2-40-20': [500, 1480, 5000, 1390, 15000, 1295],
  '6205-2RS-C3': [1000, 265, 5000, 240, 20000, 210],
  'HFB-M10X40-109': [5000, 18, 20000, 16],
  'CS-2.0-20-50': [5000, 32, 8000, 30, 20000, 27],
};

/** `[500, 1480, 5000, 1390]` as `{ minQuantity, priceCents }` breaks: 500 at 1480, 5000 at 1390. */
function pairs(tiers: number[]): NonNullable<DemoProduct['priceTiers']> {
  const breaks: NonNullable<DemoProduct['priceTiers']> = [];
  for (let i = 0; i < tiers.length; i += 2) {
    breaks.push({ minQuantity: tiers[i]!, priceCents: tiers[i + 1]! });
  }
  return breaks;
}

/** A row of `productRows` as the product it seeds (without volume tiers: no `priceTiers`). */
function demoProduct({ sku, category, name, picture, stock, description }: DemoRow): DemoProduct {
  const [minimumOrderQuantity, availableQuantity, priceCents] = stock;
  const tiers = volumeTiers[sku];
  return {
    name,
    description,
    minimumOrderQuantity,
    availableQuantity,
    priceCents,
    ...(tiers ? { priceTiers: pairs(tiers) } : {}),
    picture: `/images/products/${picture}.webp`,
    sku,
    category,
  };
}

export const demoProducts: DemoProduct[] = productRows.map(demoProduct);

/** The demo reviews: [rating, name, location, picture under public/images/reviews, text]. */
const reviewRows: [number, string, string, string, string][] = [
  [
    5,
    'Maria Okafor',
    'Lagos, Nigeria',
    'reviewer-1',
    'We moved our gear supply here last spring. Every batch of 5,000 has measured in tolerance and the certificates arrive with the pallets.',
  ],
  [
    4,
    'Daniel Weber',
    'Stuttgart, Germany',
    'reviewer-2',
    'Bearings run quietly and the seals hold up in our dusty mixers. Lead time was a week longer than quoted, but they told us early.',
  ],
  [
    5,
    'Priya Raman',
    'Pune, India',
    'reviewer-3',
    'Ordering bulk flange bolts directly from the maker cut our cost per unit by almost a fifth. Paying by card on the order page is simple.',
  ],
  [
    3,
    'Tom Lindqvist',
    'Gothenburg, Sweden',
    'reviewer-4',
    'Cylinders are solid and well finished. I would like more stroke lengths in the catalogue, though support offered to quote a custom run.',
  ],
  [
    5,
    'Ana Souza',
    'Curitiba, Brazil',
    'reviewer-5',
    'Stainless ball valves passed our pressure tests first time. Packaging was careful and every carton was labelled with the lot number.',
  ],
  [
    4,
    'James Carter',
    'Columbus, Ohio, USA',
    'reviewer-6',
    'Good springs at a fair price for 20k units. The minimum order suits us; the order history in the dashboard keeps purchasing happy.',
  ],
];

export const demoReviews: DemoReview[] = reviewRows.map(
  ([rating, name, location, img, reviewText]) => ({
    rating,
    name,
    location,
    reviewText,
    img: `/images/reviews/${img}.webp`,
  }),
);
