import {
  badCountryCodes,
  categories,
  countries,
  emailDomains,
  firstNames,
  lastNames,
  productAdjectives,
} from './demo-vocabulary.ts';
import type { SeededRandom } from './seeded-random.ts';
import { createSeededRandom } from './seeded-random.ts';

/*
 * The demo shop: three years of orders of an online store, with the flaws real data has — some
 * customers without an email, a few customers entered twice (same name and email, another id)
 * and country codes typed by hand. Everything derives from one seed, so every install shows the
 * same numbers.
 */

export const DEMO_SEED = 20240601;

export const demoSize = {
  customers: 5000,
  duplicateCustomers: 40,
  badCountryCodes: 30,
  missingEmailRate: 0.035,
  products: 500,
  orders: 30000,
} as const;

const firstDay = Date.UTC(2022, 0, 1);
const dayCount = 1096; // 2022-01-01 to 2024-12-31
const signupFirstDay = Date.UTC(2021, 0, 1);
const signupDayCount = 1445; // 2021-01-01 to 2024-12-15
const dayMs = 86_400_000;

export type CategoryRow = [categoryId: number, name: string];
export type CustomerRow = [
  customerId: number,
  firstName: string,
  lastName: string,
  email: string | null,
  countryCode: string,
  city: string,
  signupDate: string,
  acceptsMarketing: number,
];
export type ProductRow = [
  productId: number,
  sku: string,
  name: string,
  categoryId: number,
  unitPrice: number,
  isActive: number,
];
export type OrderRow = [
  orderId: number,
  customerId: number,
  orderedAt: string,
  status: string,
  shippingCountryCode: string,
  totalAmount: number,
];
export type OrderLineRow = [
  orderLineId: number,
  orderId: number,
  productId: number,
  quantity: number,
  unitPrice: number,
];

/** Receives the rows in an order that satisfies every foreign key. */
export interface DemoShopSink {
  category(row: CategoryRow): void;
  customer(row: CustomerRow): void;
  product(row: ProductRow): void;
  order(row: OrderRow): void;
  orderLine(row: OrderLineRow): void;
}

const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const twoDigits = (value: number): string => (value < 10 ? `0${value}` : String(value));

/**
 * `YYYY-MM-DD HH:MM:SS` in UTC, as toISOString() would print it. The date is printed once per
 * day and the time by arithmetic (a UTC day is always 86 400 s): thirty thousand Date objects
 * were a tenth of the demo's build, which a first start waits for.
 */
function createDateTimePrinter(): (ms: number) => string {
  const dates = new Map<number, string>();
  return (ms) => {
    const day = Math.floor(ms / dayMs);
    let date = dates.get(day);
    if (date === undefined) {
      date = isoDate(day * dayMs);
      dates.set(day, date);
    }
    const second = Math.floor((ms - day * dayMs) / 1000);
    return `${date} ${twoDigits(Math.floor(second / 3600))}:${twoDigits(Math.floor(second / 60) % 60)}:${twoDigits(second % 60)}`;
  };
}

/** A day in [0, count): more recent days more likely (the shop grows), November and December busier. */
function pickDay(random: SeededRandom, start: number, count: number, growth: number): number {
  for (;;) {
    const day = random.int(0, count - 1);
    const month = new Date(start + day * dayMs).getUTCMonth();
    const weight = (1 + (growth * day) / count) * (month >= 10 ? 1.6 : 1);
    if (random.next() * (1 + growth) * 1.6 < weight) return day;
  }
}

interface Customer {
  firstName: string;
  lastName: string;
  email: string | null;
  countryCode: string;
  city: string;
  signupDay: number;
  acceptsMarketing: number;
}

function makeCustomers(random: SeededRandom): Customer[] {
  const base = demoSize.customers - demoSize.duplicateCustomers;
  const people: Customer[] = [];
  const usedEmails = new Set<string>();
  const weightedCountries = countries.map((entry) => [entry, entry[2]] as const);
  for (let i = 0; i < base; i++) {
    const firstName = random.pick(firstNames);
    const lastName = random.pick(lastNames);
    const [countryCode, cities] = random.weighted(weightedCountries);
    let email: string | null = null;
    if (!random.chance(demoSize.missingEmailRate)) {
      const stem = `${firstName}.${lastName}`.toLowerCase();
      let candidate = `${stem}@${random.pick(emailDomains)}`;
      for (let n = 2; usedEmails.has(candidate); n++) candidate = `${stem}${n}@${random.pick(emailDomains)}`;
      usedEmails.add(candidate);
      email = candidate;
    }
    people.push({
      firstName,
      lastName,
      email,
      countryCode,
      city: random.pick(cities),
      signupDay: pickDay(random, signupFirstDay, signupDayCount, 2),
      acceptsMarketing: random.chance(0.42) ? 1 : 0,
    });
  }
  // The same person signed up again later: same name and email, another id, maybe another city.
  for (let i = 0; i < demoSize.duplicateCustomers; i++) {
    let original = random.pick(people);
    while (original.email === null) original = random.pick(people);
    const signupDay = Math.min(signupDayCount - 1, original.signupDay + random.int(10, 400));
    people.push({ ...original, signupDay, acceptsMarketing: random.chance(0.5) ? 1 : 0 });
  }
  for (let i = 0; i < demoSize.badCountryCodes; i++)
    random.pick(people).countryCode = random.pick(badCountryCodes);
  // Ids follow signup order, as an auto-increment key would have given them.
  return people.sort((a, b) => a.signupDay - b.signupDay);
}

function emitProducts(random: SeededRandom, sink: DemoShopSink): { price: number; categoryIndex: number }[] {
  categories.forEach(([name], index) => sink.category([index + 1, name]));
  const products: { price: number; categoryIndex: number }[] = [];
  const names = new Set<string>();
  while (products.length < demoSize.products) {
    const categoryIndex = random.int(0, categories.length - 1);
    const [, nouns, minPrice, maxPrice] = categories[categoryIndex] ?? categories[0] ?? ['', [], 1, 1];
    const name = `${random.pick(productAdjectives)} ${random.pick(nouns)}`;
    if (names.has(name)) continue;
    names.add(name);
    // Skewed towards the cheap end, and priced like shops do: 24.99 rather than 25.13.
    const raw = minPrice + (maxPrice - minPrice) * random.next() ** 2;
    const price = Math.max(1, Math.round(raw)) - 0.01;
    const id = products.length + 1;
    products.push({ price, categoryIndex });
    sink.product([
      id,
      `SKU-${String(id).padStart(5, '0')}`,
      name,
      categoryIndex + 1,
      price,
      random.chance(0.92) ? 1 : 0,
    ]);
  }
  return products;
}

function orderStatus(random: SeededRandom, daysBeforeEnd: number): string {
  if (daysBeforeEnd < 3)
    return random.weighted([
      ['processing', 7],
      ['shipped', 3],
    ]);
  if (daysBeforeEnd < 10)
    return random.weighted([
      ['shipped', 6],
      ['delivered', 3],
      ['processing', 1],
    ]);
  return random.weighted([
    ['delivered', 90],
    ['cancelled', 5],
    ['returned', 3.5],
    ['shipped', 1.5],
  ]);
}

/** Generates the whole shop into the sink; the same seed always gives the same rows. */
export function generateDemoShop(sink: DemoShopSink, seed: number = DEMO_SEED): void {
  const random = createSeededRandom(seed);
  const customers = makeCustomers(random);
  customers.forEach((customer, index) => {
    sink.customer([
      index + 1,
      customer.firstName,
      customer.lastName,
      customer.email,
      customer.countryCode,
      customer.city,
      isoDate(signupFirstDay + customer.signupDay * dayMs),
      customer.acceptsMarketing,
    ]);
  });
  const products = emitProducts(random, sink);

  const orderDays: number[] = [];
  for (let i = 0; i < demoSize.orders; i++) orderDays.push(pickDay(random, firstDay, dayCount, 1.5));
  orderDays.sort((a, b) => a - b);

  const isoDateTime = createDateTimePrinter();
  let lineId = 0;
  let signedUp = 0;
  const offset = (firstDay - signupFirstDay) / dayMs;
  orderDays.forEach((day, index) => {
    while (signedUp < customers.length && (customers[signedUp]?.signupDay ?? Infinity) <= day + offset)
      signedUp++;
    // Early customers order more often: loyal buyers exist in every shop.
    const customerIndex = Math.floor(Math.max(1, signedUp) * random.next() ** 1.4);
    const customer = customers[customerIndex] ?? customers[0];
    if (!customer) return;
    const orderId = index + 1;
    const time =
      firstDay +
      day * dayMs +
      random.weighted([
        [8, 1],
        [12, 2],
        [18, 3],
        [21, 2],
      ]) *
        3_600_000;
    const orderedAt = time + random.int(0, 3 * 3_600_000 - 1000);
    const lineCount = random.weighted([
      [1, 30],
      [2, 35],
      [3, 22],
      [4, 13],
    ]);
    const chosen = new Set<number>();
    const lines: OrderLineRow[] = [];
    let totalCents = 0;
    while (lines.length < lineCount) {
      const productIndex = random.int(0, products.length - 1);
      if (chosen.has(productIndex)) continue;
      chosen.add(productIndex);
      const product = products[productIndex];
      if (!product) continue;
      const quantity = random.weighted([
        [1, 70],
        [2, 20],
        [3, 7],
        [5, 3],
      ]);
      const discount = random.chance(0.12) ? random.pick([0.1, 0.15, 0.2]) : 0;
      const unitPrice = Math.round(product.price * (1 - discount) * 100) / 100;
      totalCents += Math.round(unitPrice * 100) * quantity;
      lineId += 1;
      lines.push([lineId, orderId, productIndex + 1, quantity, unitPrice]);
    }
    const shippingCountry = random.chance(0.97) ? customer.countryCode : random.pick(countries)[0];
    sink.order([
      orderId,
      customerIndex + 1,
      isoDateTime(orderedAt),
      orderStatus(random, dayCount - 1 - day),
      shippingCountry,
      totalCents / 100,
    ]);
    for (const line of lines) sink.orderLine(line);
  });
}
