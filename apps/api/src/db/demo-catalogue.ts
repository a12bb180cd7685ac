import { seededRandom } from '@autoparts/shared';
import { demoParts } from './seed-data';

/**
 * The demo catalogue an empty shop starts with, generated — the same every time — from a small
 * table of part types, real vehicles and a seeded random generator: 151 parts in 10 categories,
 * 137 vehicles and over 2,000 fitment rows (search.test.ts counts them), with a complete brake job
 * for every vehicle (demo-catalogue.test.ts). The first fourteen parts are the shop's
 * original ones (seed-data.ts) with the part numbers migration 0007 gives an older shop.
 */

type Random = ReturnType<typeof seededRandom>;

interface PartType {
  category: string;
  prefix: string;
  name: string;
  img: string;
  description: string;
  /** Price range in cents, minimum order quantities to choose from. */
  price: [number, number];
  /** One unit as shipped (a box of plugs, a pair of blades), in grams. */
  weight: number;
  /** Trade prices for the shop's everyday parts, if any. */
  breaks?: readonly PriceBreakRule[];
  minimums: number[];
  variants: string[];
  specs: (variant: string, random: Random) => Array<[string, string]>;
}

/** From `multiple` × the part's minimum order on, each unit costs `share` of the list price. */
interface PriceBreakRule {
  multiple: number;
  share: number;
}

/** A workshop buying a season's pads or filters: 5 % off from five minimum orders, 10 % from ten. */
const TRADE_BREAKS: readonly PriceBreakRule[] = [
  { multiple: 5, share: 0.95 },
  { multiple: 10, share: 0.9 },
];

function priceBreaks(rules: readonly PriceBreakRule[] | undefined, minimum: number, priceCents: number) {
  return (rules ?? []).map(({ multiple, share }) => ({ min_quantity: Math.max(2, minimum * multiple), unit_price_cents: Math.round(priceCents * share) }));
}

const mm = (random: Random, min: number, max: number) => `${random.int(min, max)} mm`;

const partTypes: PartType[] = [
  {
    category: 'brakes', prefix: 'BRK', name: 'Ceramic Brake Pads', img: '/images/parts/brake-pads.svg',
    weight: 2_200, breaks: TRADE_BREAKS,
    description: 'Low-dust ceramic brake pad set with shims and wear sensors; quiet, fade-resistant stopping.',
    price: [2_900, 7_900], minimums: [10, 20], variants: ['Front', 'Rear', 'Front, Heavy Duty', 'Rear, Heavy Duty', 'Front, Performance'],
    specs: (variant, random) => [['Position', variant.split(',')[0] ?? variant], ['Friction material', 'Ceramic'], ['Width', mm(random, 100, 160)]],
  },
  {
    category: 'brakes', prefix: 'BRK', name: 'Vented Brake Rotor', img: '/images/parts/brake-rotor.svg',
    weight: 9_500,
    description: 'Cast-iron vented disc rotor, precision machined and coated against corrosion; sold singly.',
    price: [4_500, 12_900], minimums: [5, 10], variants: ['Front 280 mm', 'Front 296 mm', 'Front 320 mm', 'Rear 262 mm', 'Rear 300 mm'],
    specs: (variant) => [['Position', variant.split(' ')[0] ?? variant], ['Diameter', variant.split(' ').slice(1).join(' ')], ['Type', 'Vented']],
  },
  {
    category: 'brakes', prefix: 'BRK', name: 'Brake Caliper', img: '/images/parts/brake-caliper.svg',
    weight: 4_500,
    description: 'Remanufactured single-piston brake caliper with new seals and bracket, ready to bolt on.',
    price: [6_900, 15_900], minimums: [2, 5], variants: ['Front Left', 'Front Right', 'Rear Left', 'Rear Right'],
    specs: (variant) => [['Position', variant], ['Pistons', '1'], ['Bracket included', 'Yes']],
  },
  {
    category: 'engine', prefix: 'ENG', name: 'Timing Belt Kit', img: '/images/parts/timing-belt.svg',
    weight: 1_800,
    description: 'Timing belt with tensioner and idler pulleys, everything for one belt change in one box.',
    price: [8_900, 18_900], minimums: [5, 10], variants: ['1.6 L', '1.8 L', '2.0 L', '2.4 L', '3.5 L V6'],
    specs: (variant, random) => [['Engine', variant], ['Teeth', String(random.int(100, 160))], ['Water pump included', 'No']],
  },
  {
    category: 'engine', prefix: 'ENG', name: 'Serpentine Belt', img: '/images/parts/timing-belt.svg',
    weight: 400,
    description: 'EPDM multi-rib serpentine belt that resists cracking and stays quiet in the cold.',
    price: [1_900, 4_900], minimums: [10, 25], variants: ['6PK1200', '6PK1550', '6PK1870', '7PK2035', '5PK1125'],
    specs: (variant) => [['Profile', variant.slice(0, 3)], ['Length', `${variant.slice(3)} mm`], ['Material', 'EPDM']],
  },
  {
    category: 'engine', prefix: 'ENG', name: 'Engine Mount', img: '/images/parts/shock-absorber.svg',
    weight: 2_500,
    description: 'Hydraulic engine mount that damps vibration at idle; OE-grade rubber and steel.',
    price: [3_900, 11_900], minimums: [5, 10], variants: ['Front', 'Rear', 'Left', 'Right'],
    specs: (variant) => [['Position', variant], ['Type', 'Hydraulic']],
  },
  {
    category: 'electrical', prefix: 'ELC', name: 'Alternator', img: '/images/parts/alternator.svg',
    weight: 6_500,
    description: 'Remanufactured-to-new alternator with internal regulator and a new clutch pulley; bench-tested.',
    price: [14_900, 26_900], minimums: [2, 5], variants: ['90A', '120A', '140A', '160A', '180A'],
    specs: (variant) => [['Output', variant], ['Voltage', '12 V'], ['Pulley', 'Clutch']],
  },
  {
    category: 'electrical', prefix: 'ELC', name: 'AGM Car Battery', img: '/images/parts/battery.svg',
    weight: 20_000,
    description: 'Absorbent glass mat 12 V battery for start-stop vehicles; maintenance free.',
    price: [11_900, 24_900], minimums: [2, 5], variants: ['60Ah', '70Ah', '80Ah', '95Ah'],
    specs: (variant, random) => [['Capacity', variant], ['Cold cranking', `${random.int(56, 90) * 10} A`], ['Voltage', '12 V']],
  },
  {
    category: 'electrical', prefix: 'ELC', name: 'Starter Motor', img: '/images/parts/alternator.svg',
    weight: 5_000,
    description: 'Gear-reduction starter motor with a new solenoid and drive; starts reliably in the cold.',
    price: [12_900, 22_900], minimums: [2, 5], variants: ['1.2 kW', '1.4 kW', '1.7 kW', '2.0 kW'],
    specs: (variant) => [['Power', variant], ['Voltage', '12 V'], ['Teeth', '9']],
  },
  {
    category: 'ignition', prefix: 'IGN', name: 'Iridium Spark Plugs', img: '/images/parts/spark-plugs.svg',
    weight: 250, breaks: TRADE_BREAKS,
    description: 'Fine-wire iridium spark plugs, pre-gapped, rated for 100,000 miles; box of four.',
    price: [2_400, 4_900], minimums: [25, 50], variants: ['0.8 mm gap', '1.0 mm gap', '1.1 mm gap', 'Long reach'],
    specs: (variant) => [['Gap', variant], ['Electrode', 'Iridium'], ['Pack', '4']],
  },
  {
    category: 'ignition', prefix: 'IGN', name: 'Ignition Coil', img: '/images/parts/spark-plugs.svg',
    weight: 350,
    description: 'Coil-on-plug ignition coil with a silicone boot; a strong spark for a smooth idle.',
    price: [3_400, 7_900], minimums: [10, 20], variants: ['Pencil type', 'Block of 4', 'Coil pack', 'Pencil type, Performance', 'Coil pack, Performance'],
    specs: (variant) => [['Type', variant], ['Resistance', '0.6 Ω']],
  },
  {
    category: 'ignition', prefix: 'IGN', name: 'Glow Plug', img: '/images/parts/spark-plugs.svg',
    weight: 80,
    description: 'Fast-heating ceramic glow plug for diesel engines; reaches 1,000 °C in two seconds.',
    price: [1_400, 3_900], minimums: [20, 50], variants: ['M10', 'M12', 'M8', 'M10 long', 'M12 long'],
    specs: (variant) => [['Thread', variant], ['Voltage', '11 V']],
  },
  {
    category: 'filters', prefix: 'FLT', name: 'Engine Oil Filter', img: '/images/parts/oil-filter.svg',
    weight: 400, breaks: TRADE_BREAKS,
    description: 'Spin-on oil filter with synthetic media and a silicone anti-drain-back valve.',
    price: [699, 1_499], minimums: [50, 100], variants: ['M20x1.5', '3/4-16 UNF', 'Cartridge', 'M22x1.5'],
    specs: (variant, random) => [['Thread', variant], ['Height', mm(random, 60, 120)], ['Media', 'Synthetic']],
  },
  {
    category: 'filters', prefix: 'FLT', name: 'Engine Air Filter', img: '/images/parts/air-filter.svg',
    weight: 450, breaks: TRADE_BREAKS,
    description: 'Pleated panel air filter that traps 99% of dust; drop-in fit, no tools needed.',
    price: [1_299, 2_999], minimums: [25, 50], variants: ['Panel', 'Round', 'High flow', 'Panel, Oiled', 'Round, Oiled'],
    specs: (variant, random) => [['Shape', variant], ['Length', mm(random, 200, 320)]],
  },
  {
    category: 'filters', prefix: 'FLT', name: 'Cabin Air Filter', img: '/images/parts/air-filter.svg',
    weight: 300, breaks: TRADE_BREAKS,
    description: 'Activated-carbon cabin filter against pollen, dust and odours.',
    price: [999, 2_499], minimums: [25, 50], variants: ['Carbon', 'Particulate', 'Antibacterial', 'Carbon, Premium', 'Particulate, Premium'],
    specs: (variant) => [['Media', variant]],
  },
  {
    category: 'filters', prefix: 'FLT', name: 'Fuel Filter', img: '/images/parts/oil-filter.svg',
    weight: 500,
    description: 'In-line fuel filter with a 10-micron element that protects injectors.',
    price: [1_299, 3_499], minimums: [25, 50], variants: ['Petrol', 'Diesel', 'Diesel with heater', 'Petrol, High pressure'],
    specs: (variant) => [['Fuel', variant], ['Rating', '10 µm']],
  },
  {
    category: 'suspension', prefix: 'SUS', name: 'Twin-Tube Shock Absorber', img: '/images/parts/shock-absorber.svg',
    weight: 3_200,
    description: 'Gas-charged twin-tube shock absorber restoring factory ride height and handling; sold singly.',
    price: [5_400, 11_900], minimums: [5, 10], variants: ['Front', 'Rear', 'Front, Sport', 'Rear, Sport'],
    specs: (variant) => [['Position', variant.split(',')[0] ?? variant], ['Type', 'Twin-tube gas']],
  },
  {
    category: 'suspension', prefix: 'SUS', name: 'Coil Spring', img: '/images/parts/shock-absorber.svg',
    weight: 4_000,
    description: 'Cold-wound coil spring, powder coated, for the original ride height.',
    price: [3_900, 8_900], minimums: [5, 10], variants: ['Front', 'Rear', 'Front, Lowered', 'Rear, Lowered'],
    specs: (variant, random) => [['Position', variant.split(',')[0] ?? variant], ['Wire', mm(random, 10, 16)]],
  },
  {
    category: 'suspension', prefix: 'SUS', name: 'Control Arm', img: '/images/parts/shock-absorber.svg',
    weight: 3_500,
    description: 'Forged control arm with ball joint and bushings pressed in; ready to fit.',
    price: [4_900, 12_900], minimums: [2, 5], variants: ['Front Lower Left', 'Front Lower Right', 'Rear Upper', 'Rear Lower'],
    specs: (variant) => [['Position', variant], ['Ball joint included', 'Yes']],
  },
  {
    category: 'suspension', prefix: 'SUS', name: 'Stabiliser Link', img: '/images/parts/shock-absorber.svg',
    weight: 600,
    description: 'Sway bar link with sealed ball studs, for a tight, rattle-free front end.',
    price: [1_900, 3_900], minimums: [10, 20], variants: ['Front', 'Rear', 'Front, Heavy Duty', 'Rear, Heavy Duty'],
    specs: (variant, random) => [['Position', variant.split(',')[0] ?? variant], ['Length', mm(random, 180, 320)]],
  },
  {
    category: 'cooling', prefix: 'COL', name: 'Aluminum Radiator', img: '/images/parts/radiator.svg',
    weight: 7_000,
    description: 'Brazed aluminum radiator with plastic tanks, pressure-tested at 1.5 bar; direct replacement.',
    price: [10_900, 21_900], minimums: [2, 5], variants: ['Manual transmission', 'Automatic transmission', 'Two-row', 'Heavy duty'],
    specs: (variant, random) => [['Version', variant], ['Core', `${random.int(600, 720)} × ${random.int(350, 450)} mm`]],
  },
  {
    category: 'cooling', prefix: 'COL', name: 'Water Pump', img: '/images/parts/water-pump.svg',
    weight: 2_200,
    description: 'Cast aluminum water pump with a metal impeller and a new gasket; sealed bearing for long life.',
    price: [4_400, 9_900], minimums: [5, 10], variants: ['Mechanical', 'Electric', 'With housing', 'Heavy duty'],
    specs: (variant) => [['Drive', variant], ['Gasket included', 'Yes']],
  },
  {
    category: 'cooling', prefix: 'COL', name: 'Thermostat', img: '/images/parts/water-pump.svg',
    weight: 400,
    description: 'Wax-element thermostat with housing and seal; opens at the factory temperature.',
    price: [1_900, 4_900], minimums: [10, 20], variants: ['82 °C', '88 °C', '92 °C', '95 °C', '105 °C'],
    specs: (variant) => [['Opening temperature', variant], ['Housing included', 'Yes']],
  },
  {
    category: 'drivetrain', prefix: 'DRV', name: 'Clutch Kit', img: '/images/parts/clutch-kit.svg',
    weight: 8_500,
    description: 'Pressure plate, clutch disc and release bearing, matched and balanced for smooth engagement.',
    price: [17_900, 32_900], minimums: [2, 5], variants: ['215 mm', '228 mm', '240 mm', '250 mm'],
    specs: (variant) => [['Disc diameter', variant], ['Pieces', '3']],
  },
  {
    category: 'drivetrain', prefix: 'DRV', name: 'CV Axle Shaft', img: '/images/parts/clutch-kit.svg',
    weight: 7_500,
    description: 'Complete constant-velocity axle with new joints, boots and grease.',
    price: [8_900, 17_900], minimums: [2, 5], variants: ['Front Left', 'Front Right', 'Rear Left', 'Rear Right'],
    specs: (variant) => [['Position', variant], ['Boots', 'Thermoplastic']],
  },
  {
    category: 'drivetrain', prefix: 'DRV', name: 'Wheel Bearing Hub', img: '/images/parts/clutch-kit.svg',
    weight: 3_000,
    description: 'Pre-assembled hub bearing unit with ABS sensor ring; bolt-on replacement.',
    price: [6_900, 13_900], minimums: [4, 10], variants: ['Front', 'Rear', 'Front with ABS', 'Rear with ABS'],
    specs: (variant) => [['Position', variant.split(' ')[0] ?? variant], ['Studs', '5']],
  },
  {
    category: 'lighting', prefix: 'LGT', name: 'LED Headlight Bulbs', img: '/images/parts/headlight-bulbs.svg',
    weight: 300,
    description: 'LED headlight bulbs, 6000 K, with a built-in fan; a brighter, whiter beam that stays aimed.',
    price: [2_900, 5_900], minimums: [10, 20], variants: ['H7', 'H11', 'H4', '9005', '9006'],
    specs: (variant) => [['Base', variant], ['Colour temperature', '6000 K'], ['Pack', '2']],
  },
  {
    category: 'lighting', prefix: 'LGT', name: 'Halogen Bulb', img: '/images/parts/headlight-bulbs.svg',
    weight: 60,
    description: 'Long-life halogen bulb, E-marked, for headlights and fog lights.',
    price: [699, 1_899], minimums: [50, 100], variants: ['H7 55W', 'H1 55W', 'H4 60/55W', 'H8 35W', 'H11 55W', 'HB3 60W'],
    specs: (variant) => [['Type', variant], ['Voltage', '12 V']],
  },
  {
    category: 'lighting', prefix: 'LGT', name: 'Tail Light Assembly', img: '/images/parts/headlight-bulbs.svg',
    weight: 1_800,
    description: 'Complete rear lamp with housing, lens and bulb holders; OE-style fit.',
    price: [7_900, 15_900], minimums: [2, 5], variants: ['Left', 'Right', 'Left, LED', 'Right, LED'],
    specs: (variant) => [['Side', variant.split(',')[0] ?? variant], ['Bulbs included', 'No']],
  },
  {
    category: 'wipers', prefix: 'WIP', name: 'Flat Wiper Blades', img: '/images/parts/wiper-blades.svg',
    weight: 450, breaks: TRADE_BREAKS,
    description: 'Beam-style wiper blades with a graphite-coated rubber edge for streak-free wiping; pair.',
    price: [1_900, 3_900], minimums: [10, 25], variants: ['450/600 mm', '400/650 mm', '500/550 mm', '350 mm rear'],
    specs: (variant) => [['Length', variant], ['Connector', 'Hook']],
  },
  {
    category: 'wipers', prefix: 'WIP', name: 'Door Mirror Glass', img: '/images/parts/wiper-blades.svg',
    weight: 350,
    description: 'Heated convex mirror glass with backing plate; clips straight on.',
    price: [1_900, 4_900], minimums: [5, 10], variants: ['Left, heated', 'Right, heated', 'Left', 'Right'],
    specs: (variant) => [['Side', variant.split(',')[0] ?? variant], ['Heated', variant.includes('heated') ? 'Yes' : 'No']],
  },
];

/** Real makes and models, each in production over the years given. */
const models: Array<[make: string, model: string, from: number, to: number]> = [
  ['Toyota', 'Corolla', 2015, 2022],
  ['Toyota', 'Camry', 2015, 2022],
  ['Toyota', 'RAV4', 2015, 2022],
  ['Honda', 'Civic', 2015, 2022],
  ['Honda', 'Accord', 2015, 2022],
  ['Honda', 'CR-V', 2015, 2022],
  ['Ford', 'F-150', 2015, 2022],
  ['Ford', 'Focus', 2015, 2018],
  ['Ford', 'Escape', 2015, 2022],
  ['Chevrolet', 'Silverado 1500', 2015, 2022],
  ['Chevrolet', 'Malibu', 2016, 2022],
  ['Nissan', 'Altima', 2015, 2022],
  ['Nissan', 'Rogue', 2015, 2022],
  ['Volkswagen', 'Golf', 2015, 2021],
  ['Volkswagen', 'Jetta', 2015, 2022],
  ['BMW', '3 Series', 2015, 2022],
  ['Hyundai', 'Elantra', 2016, 2022],
  ['Subaru', 'Outback', 2015, 2022],
];

export interface DemoVehicle {
  make: string;
  model: string;
  year: number;
}

export interface DemoPart {
  name: string;
  description: string;
  img: string;
  price_cents: number;
  available_quantity: number;
  min_order_quantity: number;
  category_slug: string;
  part_number: string;
  oem_numbers: string[];
  specs: Array<{ name: string; value: string }>;
  weight_grams: number;
  price_breaks: Array<{ min_quantity: number; unit_price_cents: number }>;
  /** The warranty the home page promises ("12-month warranty"). */
  warranty_months: number;
  /** Indexes into the vehicle list. */
  fits: number[];
  /** Its PCdb part type's name (reference/pcdb-demo/Parts.txt), for its applications. */
  part_type: string | null;
}

/** The PCdb part type (reference/pcdb-demo/Parts.txt) of each demo part type. */
const pcdbPartTypes: Record<string, string> = {
  'Ceramic Brake Pads': 'Brake Pad Set',
  'Vented Brake Rotor': 'Disc Brake Rotor',
  'Brake Caliper': 'Disc Brake Caliper',
  'Timing Belt Kit': 'Timing Belt Kit',
  'Serpentine Belt': 'Serpentine Belt',
  'Engine Mount': 'Engine Mount',
  Alternator: 'Alternator',
  'AGM Car Battery': 'Battery',
  'Starter Motor': 'Starter Motor',
  'Iridium Spark Plugs': 'Spark Plug',
  'Ignition Coil': 'Ignition Coil',
  'Glow Plug': 'Diesel Glow Plug',
  'Engine Oil Filter': 'Engine Oil Filter',
  'Engine Air Filter': 'Air Filter',
  'Cabin Air Filter': 'Cabin Air Filter',
  'Fuel Filter': 'Fuel Filter',
  'Twin-Tube Shock Absorber': 'Suspension Shock Absorber',
  'Coil Spring': 'Coil Spring',
  'Control Arm': 'Suspension Control Arm',
  'Stabiliser Link': 'Suspension Stabilizer Bar Link',
  'Aluminum Radiator': 'Radiator',
  'Water Pump': 'Engine Water Pump',
  Thermostat: 'Engine Coolant Thermostat',
  'Clutch Kit': 'Clutch Kit',
  'CV Axle Shaft': 'CV Axle Assembly',
  'Wheel Bearing Hub': 'Wheel Bearing and Hub Assembly',
  'LED Headlight Bulbs': 'Headlight Bulb',
  'Halogen Bulb': 'Headlight Bulb',
  'Tail Light Assembly': 'Tail Light Assembly',
  'Flat Wiper Blades': 'Windshield Wiper Blade',
  'Door Mirror Glass': 'Door Mirror Glass',
};

/** Every demo part carries the warranty the home page promises. */
const DEMO_WARRANTY_MONTHS = 12;

/** The numbers an older shop's fourteen parts got in migration 0007, by image. */
const originalNumbers: Record<string, [string, string]> = {
  '/images/parts/brake-pads.svg': ['BRK-1001', '04465-33450'],
  '/images/parts/brake-rotor.svg': ['BRK-2001', '43512-06180'],
  '/images/parts/alternator.svg': ['ELC-1001', '27060-0V010'],
  '/images/parts/spark-plugs.svg': ['IGN-1001', '90919-01253'],
  '/images/parts/oil-filter.svg': ['FLT-1001', '90915-YZZD4'],
  '/images/parts/air-filter.svg': ['FLT-2001', '17801-0V020'],
  '/images/parts/shock-absorber.svg': ['SUS-1001', '48530-09L80'],
  '/images/parts/battery.svg': ['ELC-2001', '28800-0V050'],
  '/images/parts/radiator.svg': ['COL-1001', '16400-0T040'],
  '/images/parts/timing-belt.svg': ['ENG-1001', '13568-09130'],
  '/images/parts/water-pump.svg': ['COL-2001', '16100-29415'],
  '/images/parts/clutch-kit.svg': ['DRV-1001', '31250-0D220'],
  '/images/parts/wiper-blades.svg': ['WIP-1001', '85222-02220'],
  '/images/parts/headlight-bulbs.svg': ['LGT-1001', '90981-13088'],
};
const originalCategories: Record<string, string> = {
  BRK: 'brakes', ENG: 'engine', ELC: 'electrical', IGN: 'ignition', FLT: 'filters',
  SUS: 'suspension', COL: 'cooling', DRV: 'drivetrain', LGT: 'lighting', WIP: 'wipers',
};

const digits = (random: Random, count: number) => Array.from({ length: count }, () => random.int(0, 9)).join('');
const letterOrDigit = (random: Random) => random.pick([...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789']);

/** An OEM number in one of the formats carmakers use: 04465-33450, 1K0 615 301 AA, 68-2291-40. */
function oemNumber(random: Random): string {
  switch (random.int(0, 2)) {
    case 0:
      return `${digits(random, 5)}-${digits(random, 3)}${letterOrDigit(random)}${digits(random, 1)}`;
    case 1:
      return `${digits(random, 1)}${letterOrDigit(random)}${digits(random, 1)}-${digits(random, 3)}-${digits(random, 3)}`;
    default:
      return `${digits(random, 2)}${letterOrDigit(random)}${letterOrDigit(random)}${digits(random, 5)}`;
  }
}

/** The vehicles and parts (with the vehicles each fits) of the demo catalogue. */
export function generateDemoCatalogue(seed = 9): { vehicles: DemoVehicle[]; parts: DemoPart[] } {
  const random = seededRandom(seed);
  const vehicles = models.flatMap(([make, model, from, to]) =>
    Array.from({ length: to - from + 1 }, (_, offset) => ({ make, model, year: from + offset })),
  );
  /** A part fits three or four models over a run of years, as real parts do. */
  const fits = (): number[] => {
    const chosen = new Set<number>();
    const modelCount = random.int(3, 4);
    for (let picked = 0; picked < modelCount; picked++) {
      const [make, model] = random.pick(models);
      const years = vehicles.map((vehicle, index) => ({ vehicle, index })).filter(({ vehicle }) => vehicle.make === make && vehicle.model === model);
      const start = random.int(0, Math.max(0, years.length - 3));
      const length = random.int(3, years.length - start);
      for (const { index } of years.slice(start, start + length)) chosen.add(index);
    }
    return [...chosen].sort((a, b) => a - b);
  };
  const oemNumbers = () => Array.from({ length: random.int(1, 3) }, () => oemNumber(random));

  const originals: DemoPart[] = demoParts.map((part) => {
    const [partNumber, oem] = originalNumbers[part.img] ?? ['', ''];
    const type = partTypes.find((candidate) => candidate.img === part.img && part.name.includes(candidate.name.split(' ').at(-1) ?? ''));
    return {
      ...part,
      category_slug: originalCategories[partNumber.slice(0, 3)] ?? 'engine',
      part_number: partNumber,
      oem_numbers: [oem, ...oemNumbers().slice(1)],
      specs: (type?.specs(type.variants[0] ?? '', random) ?? []).map(([name, value]) => ({ name, value })),
      weight_grams: type?.weight ?? 1_000,
      price_breaks: priceBreaks(type?.breaks, part.min_order_quantity, part.price_cents),
      warranty_months: DEMO_WARRANTY_MONTHS,
      fits: fits(),
      part_type: (type && pcdbPartTypes[type.name]) ?? null,
    };
  });

  const counters = new Map<string, number>();
  const generated = partTypes.flatMap((type) =>
    type.variants.map((variant) => {
      const serial = (counters.get(type.prefix) ?? 3000) + 1;
      counters.set(type.prefix, serial);
      const minimum = random.pick(type.minimums);
      const priceCents = Math.round(random.int(type.price[0], type.price[1]) / 50) * 50 - 1;
      return {
        name: `${type.name}, ${variant}`,
        description: type.description,
        img: type.img,
        price_cents: priceCents,
        available_quantity: random.next() < 0.08 ? 0 : random.int(minimum, minimum * 60),
        min_order_quantity: minimum,
        category_slug: type.category,
        part_number: `${type.prefix}-${serial}`,
        oem_numbers: oemNumbers(),
        specs: type.specs(variant, random).map(([name, value]) => ({ name, value })),
        weight_grams: type.weight,
        price_breaks: priceBreaks(type.breaks, minimum, priceCents),
        warranty_months: DEMO_WARRANTY_MONTHS,
        fits: fits(),
        part_type: pcdbPartTypes[type.name] ?? null,
      } satisfies DemoPart;
    }),
  );
  const parts = [...originals, ...generated];
  completeBrakeJobs(vehicles, parts);
  return { vehicles, parts };
}

/**
 * A brake job, axle by axle: what a garage orders for one vehicle. Each is a part type and the
 * start of its variant (the position: "Front", "Rear Left").
 */
export const BRAKE_JOB: ReadonlyArray<{ type: string; position: string }> = [
  { type: 'Ceramic Brake Pads', position: 'Front' },
  { type: 'Ceramic Brake Pads', position: 'Rear' },
  { type: 'Vented Brake Rotor', position: 'Front' },
  { type: 'Vented Brake Rotor', position: 'Rear' },
  { type: 'Brake Caliper', position: 'Front Left' },
  { type: 'Brake Caliper', position: 'Front Right' },
  { type: 'Brake Caliper', position: 'Rear Left' },
  { type: 'Brake Caliper', position: 'Rear Right' },
];

/** The generated parts of a brake job's item, by type and position ("Vented Brake Rotor, Front 296 mm"). */
export function brakeJobParts<T extends { name: string }>(parts: readonly T[], item: (typeof BRAKE_JOB)[number]): T[] {
  return parts.filter((part) => part.name.startsWith(`${item.type}, ${item.position}`));
}

/**
 * Every demo vehicle gets a complete brake job — pads, rotors and calipers, front and rear — so
 * the demo can serve the order a garage places first (issue 34: a 2015 F-150 had one brake part).
 * Where the random fitment left an item out, one of its parts (the same for a model's every
 * year) is made to fit; nothing random is drawn, so the rest of the catalogue stays as it was.
 */
function completeBrakeJobs(vehicles: readonly DemoVehicle[], parts: DemoPart[]): void {
  const modelIndex = new Map(models.map(([make, model], index) => [`${make}|${model}`, index]));
  for (const item of BRAKE_JOB) {
    const candidates = brakeJobParts(parts, item);
    vehicles.forEach((vehicle, index) => {
      if (candidates.some((part) => part.fits.includes(index))) return;
      const chosen = candidates[(modelIndex.get(`${vehicle.make}|${vehicle.model}`) ?? 0) % candidates.length];
      if (!chosen) throw new Error(`The demo catalogue has no ${item.type}, ${item.position}`);
      chosen.fits = [...chosen.fits, index].sort((a, b) => a - b);
    });
  }
}
