import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createSeededRandom } from '../../apps/server/src/demo/seeded-random.ts';

/*
 * Writes adventure-works-lt.sql: a bicycle wholesaler selling to bike shops, in the table and column
 * names of Microsoft's AdventureWorksLT sample (PascalCase, singular tables, ...ID keys:
 * SalesOrderHeader.CustomerID, ProductCategory.ParentProductCategoryID), for a check set, from one
 * seed so it is the same on every run. Run it again after changing it:
 *   node eval/sample-databases/generate-adventure-works-lt.ts
 * The schema's `SalesLT.` prefix is dropped (SQLite has no schemas) and the photo, password and
 * rowguid columns are left out. The rows are invented here: three years of orders (2021–2023)
 * instead of the sample's single day.
 */

const random = createSeededRandom(2008_06);
const scale = { customers: 300, orders: 1500 };

const day = 86_400_000;
const dateTime = (time: number) => `${new Date(time).toISOString().slice(0, 10)} 00:00:00`;
const money = (value: number) => Math.round(value * 10_000) / 10_000;
const cents = (value: number) => Math.round(value * 100) / 100;
const quote = (value: string | number | null) =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;

// Main categories, then each one's subcategories.
const categoryTree: [string, string[]][] = [
  ['Bikes', ['Mountain Bikes', 'Road Bikes', 'Touring Bikes']],
  [
    'Components',
    ['Handlebars', 'Brakes', 'Chains', 'Cranksets', 'Derailleurs', 'Forks', 'Pedals', 'Saddles', 'Wheels'],
  ],
  ['Clothing', ['Caps', 'Gloves', 'Jerseys', 'Shorts', 'Socks', 'Vests']],
  [
    'Accessories',
    ['Bottles and Cages', 'Helmets', 'Hydration Packs', 'Lights', 'Locks', 'Pumps', 'Tires and Tubes'],
  ],
];

// Subcategory | model | list price | colours (comma-separated, - for none) | sizes (- for none) | weight (g, - for none)
const modelTable = `
Mountain Bikes | Mountain-100 | 3399.99 | Silver,Black | 38,42,44,48 | 9200
Mountain Bikes | Mountain-300 | 1079.99 | Black | 38,40,44,48 | 11300
Mountain Bikes | Mountain-500 | 539.99 | Silver,Black | 40,42,44,48,52 | 12800
Road Bikes | Road-150 | 3578.27 | Red | 44,48,52,56,62 | 6800
Road Bikes | Road-450 | 1457.99 | Red | 44,48,52,58,60 | 7900
Road Bikes | Road-650 | 782.99 | Red,Black | 44,48,52,58,60,62 | 8700
Touring Bikes | Touring-1000 | 2384.07 | Blue,Yellow | 46,50,54,60 | 11900
Touring Bikes | Touring-3000 | 742.35 | Blue,Yellow | 44,50,54,58,62 | 13200
Handlebars | HL Road Handlebars | 120.27 | - | - | 310
Handlebars | ML Mountain Handlebars | 61.92 | - | - | 380
Brakes | Rear Brakes | 106.50 | Silver | - | 317
Brakes | Front Brakes | 106.50 | Silver | - | 317
Chains | Chain | 20.24 | Silver | - | 250
Cranksets | HL Crankset | 404.99 | Black | - | 590
Cranksets | LL Crankset | 175.49 | Black | - | 720
Derailleurs | Rear Derailleur | 121.46 | Silver | - | 215
Derailleurs | Front Derailleur | 91.49 | Silver | - | 88
Forks | HL Fork | 229.49 | - | - | 1450
Forks | LL Fork | 148.22 | - | - | 1720
Pedals | Touring Pedal | 80.99 | Silver,Black | - | 360
Pedals | Road Pedal | 62.09 | Silver,Black | - | 290
Saddles | Road Saddle | 51.49 | - | - | 245
Saddles | Touring Saddle | 39.99 | - | - | 330
Wheels | HL Road Front Wheel | 330.06 | Black | - | 650
Wheels | HL Mountain Rear Wheel | 327.22 | Black | - | 1050
Wheels | LL Touring Front Wheel | 112.90 | Black | - | 980
Caps | Cycling Cap | 8.99 | Multi | - | -
Gloves | Full-Finger Gloves | 37.99 | Black | S,M,L | -
Gloves | Half-Finger Gloves | 24.49 | Black | S,M,L,XL | -
Jerseys | Long-Sleeve Logo Jersey | 49.99 | Multi | S,M,L,XL | -
Jerseys | Short-Sleeve Classic Jersey | 53.99 | Yellow | S,M,L,XL | -
Shorts | Men's Sports Shorts | 59.99 | Black | S,M,L,XL | -
Shorts | Women's Mountain Shorts | 69.99 | Black | S,M,L | -
Socks | Racing Socks | 8.99 | White | M,L | -
Vests | Classic Vest | 63.50 | Blue | S,M,L | -
Bottles and Cages | Water Bottle | 4.99 | - | - | -
Bottles and Cages | Road Bottle Cage | 8.99 | - | - | -
Helmets | Sport-100 Helmet | 34.99 | Red,Black,Blue | - | -
Hydration Packs | Hydration Pack | 54.99 | Silver | - | -
Lights | Headlights - Dual-Beam | 34.99 | - | - | -
Lights | Taillights - Battery-Powered | 13.99 | - | - | -
Locks | Cable Lock | 25.00 | - | - | -
Pumps | Minipump | 19.99 | - | - | -
Pumps | Floor Pump | 49.99 | Black | - | -
Tires and Tubes | Patch Kit | 2.29 | - | - | -
Tires and Tubes | Mountain Tire Tube | 4.99 | - | - | -
Tires and Tubes | HL Road Tire | 32.60 | - | - | -
Tires and Tubes | Touring Tire | 28.99 | - | - | -
`;

// City | state or province | country | weight (how many customers)
const cityTable = `
Seattle | Washington | United States | 9
Portland | Oregon | United States | 6
San Francisco | California | United States | 5
Los Angeles | California | United States | 6
San Diego | California | United States | 4
Denver | Colorado | United States | 5
Austin | Texas | United States | 4
Dallas | Texas | United States | 4
Chicago | Illinois | United States | 5
Boston | Massachusetts | United States | 3
New York | New York | United States | 4
Phoenix | Arizona | United States | 3
Salt Lake City | Utah | United States | 3
Toronto | Ontario | Canada | 5
Vancouver | British Columbia | Canada | 5
Montreal | Quebec | Canada | 3
Calgary | Alberta | Canada | 2
London | England | United Kingdom | 5
Manchester | England | United Kingdom | 3
Bristol | England | United Kingdom | 2
Edinburgh | Scotland | United Kingdom | 2
`;

const shopWords = [
  'Metro',
  'Valley',
  'Summit',
  'Coastal',
  'Urban',
  'Alpine',
  'Riverside',
  'Northern',
  'Friendly',
  'Prime',
  'Vintage',
  'Rapid',
  'Trailhead',
  'Eastside',
  'Westside',
  'Sunset',
  'Pacific',
  'Central',
  'Golden',
  'Lakeside',
  'Canyon',
  'Harbor',
  'Pioneer',
  'Redwood',
  'Granite',
];
const shopKinds = [
  'Bike Shop',
  'Cycles',
  'Bicycle Company',
  'Sports',
  'Outfitters',
  'Wheels',
  'Bike Works',
  'Cycle Store',
  'Sporting Goods',
  'Bike Supply',
  'Riders',
  'Pedal Co.',
];
const firstNames = [
  'Alan',
  'Amy',
  'Brenda',
  'Carl',
  'Chloe',
  'Dana',
  'Derek',
  'Elaine',
  'Frank',
  'Gina',
  'Hector',
  'Irene',
  'Jack',
  'Janet',
  'Keith',
  'Laura',
  'Marcus',
  'Nadia',
  'Oscar',
  'Paula',
  'Raj',
  'Rosa',
  'Simon',
  'Tara',
  'Victor',
  'Wendy',
];
const lastNames = [
  'Adams',
  'Baker',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jensen',
  'Khan',
  'Lopez',
  'Morgan',
  'Nguyen',
  'Olsen',
  'Patel',
  'Quinn',
  'Reyes',
  'Sato',
  'Turner',
  'Usman',
  'Vargas',
  'Walker',
  'Young',
];
const salesPeople: [string, number][] = [
  ['adventure-works\\anna2', 7],
  ['adventure-works\\brian0', 4],
  ['adventure-works\\carmen1', 5],
  ['adventure-works\\dmitri0', 3],
  ['adventure-works\\elena4', 5],
  ['adventure-works\\farid0', 2],
  ['adventure-works\\grace1', 4],
  ['adventure-works\\hugo3', 3],
];
const shipMethods: [string, number][] = [
  ['CARGO TRANSPORT 5', 12],
  ['XRQ - TRUCK GROUND', 5],
  ['ZY - EXPRESS', 2],
  ['OVERNIGHT J-FAST', 1],
];

const lines: string[] = [
  '-- Generated by generate-adventure-works-lt.ts; do not edit by hand.',
  'BEGIN TRANSACTION;',
  'CREATE TABLE ProductCategory (ProductCategoryID INTEGER PRIMARY KEY, ParentProductCategoryID INTEGER REFERENCES ProductCategory (ProductCategoryID), Name TEXT NOT NULL UNIQUE, ModifiedDate DATETIME NOT NULL);',
  'CREATE TABLE ProductModel (ProductModelID INTEGER PRIMARY KEY, Name TEXT NOT NULL UNIQUE, ModifiedDate DATETIME NOT NULL);',
  'CREATE TABLE Product (ProductID INTEGER PRIMARY KEY, Name TEXT NOT NULL UNIQUE, ProductNumber TEXT NOT NULL UNIQUE, Color TEXT, StandardCost NUMERIC NOT NULL, ListPrice NUMERIC NOT NULL, Size TEXT, Weight NUMERIC, ProductCategoryID INTEGER REFERENCES ProductCategory (ProductCategoryID), ProductModelID INTEGER REFERENCES ProductModel (ProductModelID), SellStartDate DATETIME NOT NULL, SellEndDate DATETIME, DiscontinuedDate DATETIME, ModifiedDate DATETIME NOT NULL);',
  'CREATE TABLE Customer (CustomerID INTEGER PRIMARY KEY, NameStyle INTEGER NOT NULL DEFAULT 0, Title TEXT, FirstName TEXT NOT NULL, MiddleName TEXT, LastName TEXT NOT NULL, Suffix TEXT, CompanyName TEXT, SalesPerson TEXT, EmailAddress TEXT, Phone TEXT, ModifiedDate DATETIME NOT NULL);',
  'CREATE TABLE Address (AddressID INTEGER PRIMARY KEY, AddressLine1 TEXT NOT NULL, AddressLine2 TEXT, City TEXT NOT NULL, StateProvince TEXT NOT NULL, CountryRegion TEXT NOT NULL, PostalCode TEXT NOT NULL, ModifiedDate DATETIME NOT NULL);',
  'CREATE TABLE CustomerAddress (CustomerID INTEGER NOT NULL REFERENCES Customer (CustomerID), AddressID INTEGER NOT NULL REFERENCES Address (AddressID), AddressType TEXT NOT NULL, ModifiedDate DATETIME NOT NULL, PRIMARY KEY (CustomerID, AddressID));',
  'CREATE TABLE SalesOrderHeader (SalesOrderID INTEGER PRIMARY KEY, RevisionNumber INTEGER NOT NULL DEFAULT 2, OrderDate DATETIME NOT NULL, DueDate DATETIME NOT NULL, ShipDate DATETIME, Status INTEGER NOT NULL DEFAULT 1, OnlineOrderFlag INTEGER NOT NULL DEFAULT 1, SalesOrderNumber TEXT NOT NULL UNIQUE, PurchaseOrderNumber TEXT, AccountNumber TEXT, CustomerID INTEGER NOT NULL REFERENCES Customer (CustomerID), ShipToAddressID INTEGER REFERENCES Address (AddressID), BillToAddressID INTEGER REFERENCES Address (AddressID), ShipMethod TEXT NOT NULL, SubTotal NUMERIC NOT NULL DEFAULT 0, TaxAmt NUMERIC NOT NULL DEFAULT 0, Freight NUMERIC NOT NULL DEFAULT 0, TotalDue NUMERIC NOT NULL, Comment TEXT, ModifiedDate DATETIME NOT NULL);',
  'CREATE TABLE SalesOrderDetail (SalesOrderID INTEGER NOT NULL REFERENCES SalesOrderHeader (SalesOrderID), SalesOrderDetailID INTEGER NOT NULL UNIQUE, OrderQty INTEGER NOT NULL, ProductID INTEGER NOT NULL REFERENCES Product (ProductID), UnitPrice NUMERIC NOT NULL, UnitPriceDiscount NUMERIC NOT NULL DEFAULT 0, LineTotal NUMERIC NOT NULL, ModifiedDate DATETIME NOT NULL, PRIMARY KEY (SalesOrderID, SalesOrderDetailID));',
];
const insert = (table: string, values: (string | number | null)[]) =>
  lines.push(`INSERT INTO ${table} VALUES(${values.map(quote).join(',')});`);

const catalogueDate = '2020-06-01 00:00:00';
const colourCodes: Record<string, string> = {
  Black: 'B',
  Blue: 'U',
  Red: 'R',
  Silver: 'S',
  Yellow: 'Y',
  Multi: 'M',
  White: 'W',
};

// Categories: the main ones first (1-4), then their subcategories.
const categoryIds = new Map<string, number>();
categoryTree.forEach(([main]) => {
  categoryIds.set(main, categoryIds.size + 1);
  insert('ProductCategory', [categoryIds.size, null, main, catalogueDate]);
});
for (const [main, subcategories] of categoryTree) {
  for (const name of subcategories) {
    categoryIds.set(name, categoryIds.size + 1);
    insert('ProductCategory', [categoryIds.size, categoryIds.get(main) ?? null, name, catalogueDate]);
  }
}

// Products: one per model, colour and size; a few models' variants no longer sold.
interface ProductRow {
  id: number;
  listPrice: number;
  mainCategory: string;
  /** How often shops pick it, relative to the others; 0 for a product nobody orders. */
  popularity: number;
  sellStart: number;
  sellEnd: number | null;
}
const products: ProductRow[] = [];
const models = modelTable
  .trim()
  .split('\n')
  .map((line) => line.split(' | '));
models.forEach(
  ([category = '', model = '', price = '', colours = '', sizes = '', weight = ''], modelIndex) => {
    const modelId = modelIndex + 1;
    insert('ProductModel', [modelId, model, catalogueDate]);
    const main = categoryTree.find(([, subcategories]) => subcategories.includes(category))?.[0] ?? '';
    const code = `${main.slice(0, 2).toUpperCase()}-${model
      .replaceAll(/[^A-Za-z0-9]/g, '')
      .slice(0, 4)
      .toUpperCase()}${String(modelId).padStart(2, '0')}`;
    const retired = random.chance(0.12);
    const sellStart = Date.UTC(random.pick([2019, 2020, 2020, 2021]), random.int(0, 6), 1);
    const sellEnd = retired ? Date.UTC(2022, random.int(0, 8), 30) : null;
    const costShare = random.int(42, 55) / 100;
    for (const colour of colours === '-' ? [null] : colours.split(',')) {
      for (const size of sizes === '-' ? [null] : sizes.split(',')) {
        const listPrice = Number(price);
        const id = 680 + products.length;
        const name = `${model}${colour === null && size === null ? '' : ` ${[colour, size].filter(Boolean).join(', ')}`}`;
        insert('Product', [
          id,
          name,
          `${code}${colour === null ? '' : (colourCodes[colour] ?? colour)}${size === null ? '' : `-${size}`}`,
          colour,
          money(listPrice * costShare),
          listPrice,
          size,
          weight === '-'
            ? null
            : Number(weight) + (size === null ? 0 : Number.isNaN(Number(size)) ? 0 : Number(size) * 12),
          categoryIds.get(category) ?? null,
          modelId,
          dateTime(sellStart),
          sellEnd === null ? null : dateTime(sellEnd),
          null,
          catalogueDate,
        ]);
        products.push({
          id,
          listPrice,
          mainCategory: main,
          popularity: random.chance(0.06) ? 0 : random.int(1, 10),
          sellStart,
          sellEnd,
        });
      }
    }
  },
);

// Customers: a contact at a bike shop, with a main office and sometimes a separate shipping address.
interface CustomerRow {
  id: number;
  main: number;
  shipping: number;
  salesPerson: string;
  activity: number;
}
const customers: CustomerRow[] = [];
const cities = cityTable
  .trim()
  .split('\n')
  .map((line) => line.split(' | '))
  .map(
    ([city = '', state = '', country = '', weight = '']) => [[city, state, country], Number(weight)] as const,
  );
const companyNames = shopWords.flatMap((word) => shopKinds.map((kind) => `${word} ${kind}`));
let addressId = 0;
const postalCode = (country: string) =>
  country === 'United States'
    ? String(random.int(10_000, 99_999))
    : country === 'Canada'
      ? `${random.pick(['M', 'V', 'H', 'T'])}${random.int(1, 9)}${random.pick(['A', 'B', 'C', 'K'])} ${random.int(1, 9)}${random.pick(['J', 'L', 'P'])}${random.int(1, 9)}`
      : `${random.pick(['EC', 'M', 'BS', 'EH'])}${random.int(1, 20)} ${random.int(1, 9)}${random.pick(['AB', 'DX', 'QT'])}`;
const addAddress = (city: readonly string[]) => {
  addressId += 1;
  const [name = '', state = '', country = ''] = city;
  insert('Address', [
    addressId,
    `${random.int(10, 9999)} ${random.pick(['Oak', 'Pine', 'Main', 'Elm', 'Market', 'Mill', 'Harbour', 'Park'])} ${random.pick(['Street', 'Avenue', 'Road', 'Way'])}`,
    random.chance(0.1) ? `Suite ${random.int(100, 900)}` : null,
    name,
    state,
    country,
    postalCode(country),
    catalogueDate,
  ]);
  return addressId;
};
for (let id = 1; id <= scale.customers; id++) {
  const nameIndex = random.int(0, companyNames.length - 1);
  const company = companyNames.splice(nameIndex, 1)[0] ?? `Bike Shop ${id}`;
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  const female = firstNames.indexOf(first) % 2 === 1;
  const salesPerson = random.weighted(salesPeople);
  insert('Customer', [
    id,
    0,
    random.chance(0.8) ? (female ? 'Ms.' : 'Mr.') : null,
    first,
    random.chance(0.4) ? `${random.pick(['A', 'B', 'C', 'D', 'J', 'L', 'M', 'R'])}.` : null,
    last,
    random.chance(0.03) ? 'Jr.' : null,
    company,
    salesPerson,
    `${first.toLowerCase()}${random.int(0, 9)}@adventure-works.com`,
    `${random.int(100, 999)}-555-0${random.int(100, 199)}`,
    catalogueDate,
  ]);
  const city = random.weighted(cities);
  const main = addAddress(city);
  insert('CustomerAddress', [id, main, 'Main Office', catalogueDate]);
  let shipping = main;
  if (random.chance(0.3)) {
    shipping = addAddress(city);
    insert('CustomerAddress', [id, shipping, 'Shipping', catalogueDate]);
  }
  // Some shops never order; the rest order at their own pace.
  customers.push({ id, main, shipping, salesPerson, activity: random.chance(0.15) ? 0 : random.int(1, 10) });
}

// Orders over 2021–2023, the last days' still in process (not shipped yet).
const firstDay = Date.UTC(2021, 0, 4);
const lastDay = Date.UTC(2023, 11, 29);
const inProcessFrom = Date.UTC(2023, 11, 20);
const buyers = customers
  .filter((customer) => customer.activity > 0)
  .map((customer) => [customer, customer.activity] as const);
/** The products on sale on a day, each weighted by how often shops pick it. */
const sellable = (time: number) =>
  products
    .filter((product) => product.sellStart <= time && (product.sellEnd === null || time < product.sellEnd))
    .map((product) => [product, product.popularity] as const);
const orderDays = Array.from(
  { length: scale.orders },
  () => firstDay + random.int(0, (lastDay - firstDay) / day) * day,
).sort((a, b) => a - b);
let detailId = 110_000;
orderDays.forEach((ordered, index) => {
  const orderId = 71_000 + index;
  const customer = random.weighted(buyers);
  const online = random.chance(0.3);
  const lineCount = random.weighted([
    [1, 3],
    [2, 4],
    [3, 4],
    [4, 3],
    [5, 2],
    [6, 2],
    [8, 1],
    [10, 1],
  ] as const);
  const chosen = new Set<ProductRow>();
  const pool = sellable(ordered);
  while (chosen.size < lineCount) chosen.add(random.weighted(pool));
  let subTotal = 0;
  const details: (string | number | null)[][] = [];
  for (const product of chosen) {
    const quantity =
      product.mainCategory === 'Bikes'
        ? random.int(1, 6)
        : random.weighted([
            [1, 3],
            [2, 3],
            [3, 2],
            [5, 1],
            [10, 1],
            [20, 1],
          ] as const);
    const unitPrice = cents(product.listPrice * 0.6);
    const discount = quantity >= 10 ? 0.1 : quantity >= 5 ? random.pick([0, 0.02, 0.05]) : 0;
    const lineTotal = money(unitPrice * (1 - discount) * quantity);
    subTotal = money(subTotal + lineTotal);
    detailId += 1;
    details.push([
      orderId,
      detailId,
      quantity,
      product.id,
      unitPrice,
      discount,
      lineTotal,
      dateTime(ordered),
    ]);
  }
  const tax = money(subTotal * 0.08);
  const freight = money(subTotal * 0.025);
  const inProcess = ordered >= inProcessFrom;
  const shipped = inProcess
    ? null
    : ordered +
      random.weighted([
        [3, 3],
        [5, 4],
        [7, 4],
        [9, 2],
        [12, 1],
        [15, 1],
      ] as const) *
        day;
  insert('SalesOrderHeader', [
    orderId,
    2,
    dateTime(ordered),
    dateTime(ordered + 12 * day),
    shipped === null ? null : dateTime(shipped),
    inProcess ? 1 : 5,
    online ? 1 : 0,
    `SO${orderId}`,
    online ? null : `PO${random.int(100_000_000, 999_999_999)}`,
    `10-4020-${String(customer.id).padStart(6, '0')}`,
    customer.id,
    customer.shipping,
    customer.main,
    random.weighted(shipMethods),
    subTotal,
    tax,
    freight,
    money(subTotal + tax + freight),
    null,
    dateTime(shipped ?? ordered),
  ]);
  for (const detail of details) insert('SalesOrderDetail', detail);
});
lines.push('COMMIT;');

const target = fileURLToPath(new URL('adventure-works-lt.sql', import.meta.url));
writeFileSync(target, `${lines.join('\n')}\n`);
console.log(`Wrote ${target}`);
