/**
 * The demo catalogue an empty shop starts with. Images ship with the web app
 * (apps/web/public/images/parts); prices are in cents.
 */
export const demoParts = [
  {
    name: 'Ceramic Brake Pads',
    description:
      'Low-dust ceramic front brake pad set with shims and wear sensors. Quiet, fade-resistant stopping for sedans and light SUVs.',
    img: '/images/parts/brake-pads.svg',
    price_cents: 4_999,
    available_quantity: 1_200,
    min_order_quantity: 20,
  },
  {
    name: 'Vented Brake Rotor',
    description:
      'Cast-iron vented disc rotor, precision machined and coated against corrosion. Sold singly; 296 mm diameter.',
    img: '/images/parts/brake-rotor.svg',
    price_cents: 6_450,
    available_quantity: 640,
    min_order_quantity: 10,
  },
  {
    name: '140A Alternator',
    description:
      'Remanufactured-to-new 140 amp alternator with internal regulator and a new clutch pulley. Bench-tested before shipping.',
    img: '/images/parts/alternator.svg',
    price_cents: 18_900,
    available_quantity: 150,
    min_order_quantity: 5,
  },
  {
    name: 'Iridium Spark Plugs',
    description:
      'Fine-wire iridium spark plugs, pre-gapped, rated for 100,000 miles. Sold in boxes of four.',
    img: '/images/parts/spark-plugs.svg',
    price_cents: 3_200,
    available_quantity: 5_000,
    min_order_quantity: 50,
  },
  {
    name: 'Engine Oil Filter',
    description:
      'Spin-on oil filter with synthetic media and a silicone anti-drain-back valve, good for 10,000-mile oil changes.',
    img: '/images/parts/oil-filter.svg',
    price_cents: 899,
    available_quantity: 8_000,
    min_order_quantity: 100,
  },
  {
    name: 'Engine Air Filter',
    description:
      'Pleated panel air filter that traps 99% of dust; drop-in fit, no tools needed.',
    img: '/images/parts/air-filter.svg',
    price_cents: 1_850,
    available_quantity: 3_200,
    min_order_quantity: 50,
  },
  {
    name: 'Twin-Tube Shock Absorber',
    description:
      'Gas-charged twin-tube rear shock absorber restoring factory ride height and handling. Sold singly.',
    img: '/images/parts/shock-absorber.svg',
    price_cents: 7_400,
    available_quantity: 420,
    min_order_quantity: 10,
  },
  {
    name: 'AGM Car Battery 70Ah',
    description:
      'Absorbent glass mat 12 V battery, 70 Ah and 760 CCA, for start-stop vehicles. Maintenance free.',
    img: '/images/parts/battery.svg',
    price_cents: 16_500,
    available_quantity: 300,
    min_order_quantity: 5,
  },
  {
    name: 'Aluminum Radiator',
    description:
      'Two-row brazed aluminum radiator with plastic tanks, pressure-tested at 1.5 bar. Direct replacement.',
    img: '/images/parts/radiator.svg',
    price_cents: 13_800,
    available_quantity: 210,
    min_order_quantity: 5,
  },
  {
    name: 'Timing Belt Kit',
    description:
      'Timing belt with tensioner and idler pulleys, everything for one belt change in one box.',
    img: '/images/parts/timing-belt.svg',
    price_cents: 11_250,
    available_quantity: 380,
    min_order_quantity: 10,
  },
  {
    name: 'Water Pump',
    description:
      'Cast aluminum water pump with a metal impeller and a new gasket; sealed bearing for long life.',
    img: '/images/parts/water-pump.svg',
    price_cents: 5_600,
    available_quantity: 520,
    min_order_quantity: 10,
  },
  {
    name: 'Clutch Kit',
    description:
      'Pressure plate, clutch disc and release bearing, matched and balanced for smooth engagement.',
    img: '/images/parts/clutch-kit.svg',
    price_cents: 21_900,
    available_quantity: 120,
    min_order_quantity: 2,
  },
  {
    name: 'Flat Wiper Blades',
    description:
      'Beam-style wiper blades with a graphite-coated rubber edge for streak-free wiping in all weather. Pair.',
    img: '/images/parts/wiper-blades.svg',
    price_cents: 2_400,
    available_quantity: 2_600,
    min_order_quantity: 25,
  },
  {
    name: 'LED Headlight Bulbs',
    description:
      'H7 LED headlight bulbs, 6000 K, with a built-in fan; a brighter, whiter beam that stays aimed.',
    img: '/images/parts/headlight-bulbs.svg',
    price_cents: 3_900,
    available_quantity: 1_800,
    min_order_quantity: 20,
  },
] as const;

export const demoReviews = [
  {
    email: 'maria.lopez@example.com',
    name: 'Maria Lopez',
    description:
      'We stock their brake pads in all three of our garages. Consistent quality and every order arrived on the promised day.',
    rating: '5',
  },
  {
    email: 'tom.becker@example.com',
    name: 'Tom Becker',
    description:
      'Alternators fit straight out of the box. One unit had a scuffed pulley and they replaced it within the week.',
    rating: '4.5',
  },
  {
    email: 'aisha.khan@example.com',
    name: 'Aisha Khan',
    description:
      'Good prices for fleet quantities. The minimum order sizes make sense for a workshop like ours.',
    rating: '4',
  },
  {
    email: 'kenji.watanabe@example.com',
    name: 'Kenji Watanabe',
    description:
      'The iridium plugs are the real thing. Ordering is simple and I can see every order and its payment in one place.',
    rating: '5',
  },
  {
    email: 'olga.petrova@example.com',
    name: 'Olga Petrova',
    description:
      'Radiators are solid, though delivery to our region took a few days longer than I hoped.',
    rating: '3.5',
  },
  {
    email: 'david.mensah@example.com',
    name: 'David Mensah',
    description:
      'Timing belt kits come complete, nothing missing. Saves my mechanics a trip to the counter every time.',
    rating: '4.5',
  },
] as const;

/**
 * How the demo shop ships (cents and grams, as stored): parcels by weight up to 30 kg, free from
 * $150; express for the US; freight for what a parcel service will not take; and collection.
 */
export const demoShippingMethods = [
  {
    name: 'Standard',
    estimate: '5–7 business days',
    countries: ['US', 'CA'],
    base_price_cents: 599,
    price_per_kg_cents: 89,
    max_weight_grams: 30_000,
    free_over_cents: 15_000,
  },
  {
    name: 'Express',
    estimate: '1–2 business days',
    countries: ['US'],
    base_price_cents: 1_999,
    price_per_kg_cents: 249,
    max_weight_grams: 30_000,
    free_over_cents: null,
  },
  {
    name: 'Freight',
    estimate: '5–10 business days, for heavy orders',
    countries: ['US', 'CA'],
    base_price_cents: 7_900,
    price_per_kg_cents: 45,
    max_weight_grams: null,
    free_over_cents: null,
  },
  {
    name: 'Pickup at the factory',
    estimate: 'Ready next business day',
    countries: ['US'],
    base_price_cents: 0,
    price_per_kg_cents: 0,
    max_weight_grams: null,
    free_over_cents: null,
  },
] as const;

/** A few US states' sales tax (parts per million: 62,500 is 6.25 %); New York's also taxes shipping. */
export const demoTaxRates = [
  { country: 'US', region: 'CA', rate_ppm: 72_500, applies_to_shipping: false },
  { country: 'US', region: 'IL', rate_ppm: 62_500, applies_to_shipping: false },
  { country: 'US', region: 'NY', rate_ppm: 40_000, applies_to_shipping: true },
  { country: 'US', region: 'TX', rate_ppm: 62_500, applies_to_shipping: false },
] as const;
