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

export const demoProducts: DemoProduct[] = [
  {
    name: 'Spur Gear, Module 2, 40 Teeth',
    description:
      'Hobbed from case-hardened 20MnCr5 steel with a 20° pressure angle, a 20 mm bore and a DIN 6885 keyway. Teeth are ground to DIN quality 7 for quiet running in gearboxes, conveyors and packaging machines.',
    minimumOrderQuantity: 500,
    availableQuantity: 18_000,
    priceCents: 1_480,
    priceTiers: [
      { minQuantity: 500, priceCents: 1480 },
      { minQuantity: 5000, priceCents: 1390 },
      { minQuantity: 15000, priceCents: 1295 },
    ],
    picture: '/images/products/spur-gear.webp',
    sku: 'SG-M2-40-20',
    category: 'gears',
  },
  {
    name: 'Deep Groove Ball Bearing 6205-2RS',
    description:
      'Single-row bearing, 25 x 52 x 15 mm, with nitrile rubber seals on both sides and lithium grease for life. Chrome steel races, C3 clearance, rated 14 kN dynamic load; a drop-in fit for motors, pumps and agricultural machinery.',
    minimumOrderQuantity: 1_000,
    availableQuantity: 42_000,
    priceCents: 265,
    priceTiers: [
      { minQuantity: 1000, priceCents: 265 },
      { minQuantity: 5000, priceCents: 240 },
      { minQuantity: 20000, priceCents: 210 },
    ],
    picture: '/images/products/deep-groove-ball-bearing.webp',
    sku: '6205-2RS-C3',
    category: 'bearings',
  },
  {
    name: 'Hex Flange Bolt M10 x 40, Grade 10.9',
    description:
      'Serrated-flange hex bolt to ISO 4162, cold forged from boron steel and zinc-flake coated for 720 hours of salt-spray resistance. The serrations lock against vibration without a washer, ideal for frames and chassis assembly.',
    minimumOrderQuantity: 5_000,
    availableQuantity: 250_000,
    priceCents: 18,
    priceTiers: [
      { minQuantity: 5000, priceCents: 18 },
      { minQuantity: 20000, priceCents: 16 },
    ],
    picture: '/images/products/hex-flange-bolt.webp',
    sku: 'HFB-M10X40-109',
    category: 'fasteners',
  },
  {
    name: 'Double-Acting Hydraulic Cylinder 50/28-200',
    description:
      'Welded-body cylinder with a 50 mm bore, 28 mm hard-chromed rod and 200 mm stroke, rated to 210 bar. Clevis mounts at both ends, polyurethane seals and 3/8" BSP ports make it a standard choice for tippers, presses and lifts.',
    minimumOrderQuantity: 500,
    availableQuantity: 2_400,
    priceCents: 8_950,
    picture: '/images/products/hydraulic-cylinder.webp',
    sku: 'HC-DA-50/28-200',
    category: 'hydraulics',
  },
  {
    name: 'Full-Port Ball Valve 1", Stainless 316',
    description:
      'Three-piece investment-cast valve in CF8M stainless steel with PTFE seats, a blow-out-proof stem and an ISO 5211 mounting pad for actuators. Threaded NPT ends, rated 1000 WOG, suited to water, oil, gas and mild chemicals.',
    minimumOrderQuantity: 500,
    availableQuantity: 6_500,
    priceCents: 2_390,
    picture: '/images/products/ball-valve.webp',
    sku: 'BV3-1IN-316',
    category: 'valves',
  },
  {
    name: 'Sintered Bronze Bushing 20 x 26 x 25',
    description:
      'Oil-impregnated sintered bronze plain bearing (CuSn10) with about 20% porosity, so it lubricates itself for the life of the joint. Press-fit into housings for pivots, hinges, fans and small electric motors with no extra grease.',
    minimumOrderQuantity: 1_000,
    availableQuantity: 60_000,
    priceCents: 74,
    picture: '/images/products/bronze-bushing.webp',
    sku: 'BSB-202625',
    category: 'bushings',
  },
  {
    name: 'Roller Chain Sprocket 08B-1, 24 Teeth',
    description:
      'Simplex sprocket for 1/2" pitch European roller chain, machined from C45 steel with induction-hardened teeth and a pilot bore ready for finishing. Hub on one side for set screws; matches standard conveyors and drives.',
    minimumOrderQuantity: 500,
    availableQuantity: 9_800,
    priceCents: 1_120,
    picture: '/images/products/roller-chain-sprocket.webp',
    sku: 'SPR-08B1-24',
    category: 'power-transmission',
  },
  {
    name: 'Jaw Coupling L-100 with NBR Spider',
    description:
      'Two sintered-iron hubs and a 80 Shore A nitrile spider that damps shock loads and takes up to 1° of angular misalignment. Transmits up to 50 Nm; bored to order for pump, compressor and gear-motor shafts.',
    minimumOrderQuantity: 500,
    availableQuantity: 7_200,
    priceCents: 1_675,
    picture: '/images/products/jaw-coupling.webp',
    sku: 'JC-L100-NBR',
    category: 'power-transmission',
  },
  {
    name: 'Compression Spring 2.0 x 20 x 50 mm',
    description:
      'Cold-coiled from EN 10270-1 SH spring steel wire, ends closed and ground for square seating, shot-peened and stress-relieved for long fatigue life. Spring rate about 4.2 N/mm; used in valves, latches and tooling.',
    minimumOrderQuantity: 5_000,
    availableQuantity: 120_000,
    priceCents: 32,
    priceTiers: [
      { minQuantity: 5000, priceCents: 32 },
      { minQuantity: 8000, priceCents: 30 },
      { minQuantity: 20000, priceCents: 27 },
    ],
    picture: '/images/products/compression-spring.webp',
    sku: 'CS-2.0-20-50',
    category: 'springs',
  },
  {
    name: 'Weld Neck Flange DN50 PN16',
    description:
      'Forged carbon steel flange (P250GH) to EN 1092-1 type 11 with a raised face and a bevelled neck for butt welding. Four M16 bolt holes on a 125 mm circle; supplied varnished with a 3.1 material certificate.',
    minimumOrderQuantity: 500,
    availableQuantity: 3_600,
    priceCents: 1_940,
    picture: '/images/products/weld-neck-flange.webp',
    sku: 'WNF-DN50-PN16',
    category: 'pipe-fittings',
  },
];

export const demoReviews: DemoReview[] = [
  {
    rating: 5,
    name: 'Maria Okafor',
    location: 'Lagos, Nigeria',
    reviewText:
      'We moved our gear supply here last spring. Every batch of 5,000 has measured in tolerance and the certificates arrive with the pallets.',
    img: '/images/reviews/reviewer-1.webp',
  },
  {
    rating: 4,
    name: 'Daniel Weber',
    location: 'Stuttgart, Germany',
    reviewText:
      'Bearings run quietly and the seals hold up in our dusty mixers. Lead time was a week longer than quoted, but they told us early.',
    img: '/images/reviews/reviewer-2.webp',
  },
  {
    rating: 5,
    name: 'Priya Raman',
    location: 'Pune, India',
    reviewText:
      'Ordering bulk flange bolts directly from the maker cut our cost per unit by almost a fifth. Paying by card on the order page is simple.',
    img: '/images/reviews/reviewer-3.webp',
  },
  {
    rating: 3,
    name: 'Tom Lindqvist',
    location: 'Gothenburg, Sweden',
    reviewText:
      'Cylinders are solid and well finished. I would like more stroke lengths in the catalogue, though support offered to quote a custom run.',
    img: '/images/reviews/reviewer-4.webp',
  },
  {
    rating: 5,
    name: 'Ana Souza',
    location: 'Curitiba, Brazil',
    reviewText:
      'Stainless ball valves passed our pressure tests first time. Packaging was careful and every carton was labelled with the lot number.',
    img: '/images/reviews/reviewer-5.webp',
  },
  {
    rating: 4,
    name: 'James Carter',
    location: 'Columbus, Ohio, USA',
    reviewText:
      'Good springs at a fair price for 20k units. The minimum order suits us; the order history in the dashboard keeps purchasing happy.',
    img: '/images/reviews/reviewer-6.webp',
  },
];
