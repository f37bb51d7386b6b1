import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createSeededRandom } from '../../apps/server/src/demo/seeded-random.ts';

/*
 * Writes ar-ledger.sql: the billing side of a building-supplies distributor (customers, items,
 * invoices and their lines, payments received) in the short cryptic names of an old in-house
 * system: cust_mst.cust_nm, inv_hdr.inv_dt, inv_dtl.ext_amt, pmt_rcpt.rcpt_amt, with code tables
 * (stat_ref, rgn_ref, pmt_mthd_ref) and names in upper case, as such systems keep them. For a check
 * set, from one seed so it is the same on every run. Run it again after changing it:
 *   node eval/sample-databases/generate-ar-ledger.ts
 * The schema and the rows are ours.
 */

const random = createSeededRandom(1987_04);
const scale = { customers: 240, invoices: 2400 };
const firstDay = Date.UTC(2022, 0, 3);
const lastDay = Date.UTC(2024, 5, 28);
// The day the ledger was extracted: payments after it have not arrived yet.
const extracted = Date.UTC(2024, 5, 30);

const day = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const cents = (value: number) => Math.round(value * 100) / 100;
const quote = (value: string | number | null) =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;

const regions: [string, string][] = [
  ['NE', 'NORTHEAST'],
  ['SE', 'SOUTHEAST'],
  ['MW', 'MIDWEST'],
  ['SW', 'SOUTHWEST'],
  ['WC', 'WEST COAST'],
];
// state | region | sales tax rate | cities
const stateTable = `
NY | NE | 0.04 | NEW YORK,BUFFALO,ALBANY
PA | NE | 0.06 | PHILADELPHIA,PITTSBURGH
MA | NE | 0.0625 | BOSTON,WORCESTER
FL | SE | 0.06 | MIAMI,ORLANDO,TAMPA
GA | SE | 0.04 | ATLANTA,SAVANNAH
NC | SE | 0.0475 | CHARLOTTE,RALEIGH
IL | MW | 0.0625 | CHICAGO,SPRINGFIELD
OH | MW | 0.0575 | COLUMBUS,CLEVELAND
TX | SW | 0.0625 | HOUSTON,DALLAS,AUSTIN,SAN ANTONIO
AZ | SW | 0.056 | PHOENIX,TUCSON
CA | WC | 0.0725 | LOS ANGELES,SAN DIEGO,SACRAMENTO
WA | WC | 0.065 | SEATTLE,SPOKANE
`;
const states = stateTable
  .trim()
  .split('\n')
  .map((line) => line.split(' | '))
  .map(([code = '', region = '', rate = '', cities = '']) => ({
    code,
    region,
    rate: Number(rate),
    cities: cities.split(','),
  }));
// How many customers each state has, relative to the others.
const stateWeights: Record<string, number> = {
  NY: 5,
  PA: 3,
  MA: 2,
  FL: 5,
  GA: 3,
  NC: 2,
  IL: 4,
  OH: 3,
  TX: 7,
  AZ: 2,
  CA: 6,
  WA: 2,
};

// rep code | name | region | hired
const repTable = `
R01 | DOUG PERKINS | NE | 2009-03-16
R02 | ANGELA RUIZ | NE | 2015-08-03
R03 | TOM BRECKER | SE | 2011-01-10
R04 | LATOYA JAMES | SE | 2018-05-21
R05 | GARY KOWALCZYK | MW | 2007-09-04
R06 | SUSAN HOLM | MW | 2020-02-17
R07 | RAY GONZALES | SW | 2012-06-11
R08 | KAREN OBI | SW | 2016-10-03
R09 | MIKE TANAKA | WC | 2014-04-28
R10 | JENNY CHO | WC | 2021-07-12
`;
const reps = repTable
  .trim()
  .split('\n')
  .map((line) => line.split(' | '))
  .map(([code = '', name = '', region = '', hired = '']) => ({ code, name, region, hired }));

const groups: [string, string][] = [
  ['PLM', 'PLUMBING'],
  ['ELC', 'ELECTRICAL'],
  ['HVC', 'HVAC'],
  ['HDW', 'HARDWARE'],
  ['TLS', 'TOOLS'],
  ['SAF', 'SAFETY'],
];
// group | description (with {} for each size) | unit | sizes | list price of the first size | price step per size
const itemTable = `
PLM | PVC PIPE SCH40 {} 10FT | EA | 1/2IN,3/4IN,1IN,1-1/2IN,2IN | 3.49 | 2.10
PLM | COPPER PIPE TYPE L {} 10FT | EA | 1/2IN,3/4IN,1IN | 24.90 | 16.50
PLM | COPPER ELBOW 90DEG {} | BX | 1/2IN,3/4IN | 18.75 | 9.20
PLM | BALL VALVE BRASS {} | EA | 1/2IN,3/4IN,1IN | 12.40 | 6.30
PLM | PEX TUBING {} 100FT | RL | 1/2IN,3/4IN | 39.95 | 27.00
PLM | WATER HEATER GAS {} | EA | 40GAL,50GAL | 689.00 | 140.00
PLM | TOILET WAX RING | CS | - | 48.00 | 0
ELC | WIRE THHN 12AWG {} | RL | 500FT,2500FT | 89.00 | 330.00
ELC | ROMEX NM-B {} 250FT | RL | 14-2,12-2,10-2 | 74.50 | 38.00
ELC | BREAKER SP {} | EA | 15A,20A,30A | 8.95 | 2.40
ELC | GFCI OUTLET 15A WHT | BX | - | 179.00 | 0
ELC | LED PANEL 2X4 {} | EA | 4000K,5000K | 62.00 | 4.00
ELC | CONDUIT EMT {} 10FT | EA | 1/2IN,3/4IN,1IN | 6.80 | 3.40
ELC | LOAD CENTER {} | EA | 100A,200A | 129.00 | 115.00
HVC | AIR FILTER MERV8 {} | CS | 16X20,20X25 | 44.00 | 9.00
HVC | FLEX DUCT INSUL {} 25FT | EA | 6IN,8IN | 38.50 | 12.00
HVC | THERMOSTAT PROG 7DAY | EA | - | 58.00 | 0
HVC | CONDENSER 3TON 14SEER | EA | - | 2149.00 | 0
HVC | REFRIG LINE SET {} | EA | 25FT,50FT | 119.00 | 95.00
HDW | DECK SCREW #8 {} 5LB | BX | 2IN,2-1/2IN,3IN | 27.90 | 3.10
HDW | ANCHOR WEDGE {} | BX | 3/8IN,1/2IN | 42.00 | 18.00
HDW | DOOR HINGE 4IN SATIN | CS | - | 64.00 | 0
HDW | JOIST HANGER {} | CS | 2X6,2X8,2X10 | 71.00 | 9.50
TLS | DRILL DRIVER 20V KIT | EA | - | 149.00 | 0
TLS | CIRC SAW 7-1/4IN | EA | - | 129.00 | 0
TLS | PIPE WRENCH {} | EA | 14IN,18IN,24IN | 29.95 | 12.00
TLS | TAPE MEASURE {} | EA | 25FT,35FT | 14.95 | 6.00
TLS | WIRE STRIPPER 10-18AWG | EA | - | 21.50 | 0
SAF | HARD HAT TYPE1 {} | EA | WHT,YEL | 16.90 | 0.00
SAF | SAFETY GLASSES CLR | BX | - | 34.00 | 0
SAF | NITRILE GLOVES {} | CS | M,L,XL | 72.00 | 0.00
SAF | HI-VIS VEST CL2 {} | EA | M,L,XL | 9.80 | 0.00
SAF | FIRST AID KIT 50PER | EA | - | 46.00 | 0
`;

const trades = [
  'PLUMBING',
  'ELECTRIC',
  'MECHANICAL',
  'CONSTRUCTION',
  'HEATING & AIR',
  'BUILDERS',
  'CONTRACTING',
  'REMODELING',
  'FACILITY SVCS',
  'HOMES',
];
const owners = [
  'HARTMAN',
  'RIVERA',
  'MCALLISTER',
  'OKONKWO',
  'BRANDT',
  'DELGADO',
  'FITZGERALD',
  'NAKAMURA',
  'PETROV',
  'LINDGREN',
  'CASTILLO',
  'WOJCIK',
  'ABERNATHY',
  'SULLIVAN',
  'MORENO',
  'HALVORSEN',
  'PATTERSON',
  'KESSLER',
  'IBRAHIM',
  'DUBOIS',
  'GALLAGHER',
  'YAMAMOTO',
  'STROUD',
  'VANCE',
  'BECKETT',
  'ORTEGA',
  'MADDOX',
  'QUINTERO',
];
const suffixes = ['INC', 'LLC', 'CO', 'CORP', '& SONS', 'GROUP'];

const lines: string[] = [
  '-- Generated by generate-ar-ledger.ts; do not edit by hand.',
  'BEGIN TRANSACTION;',
  'CREATE TABLE rgn_ref (rgn_cd TEXT PRIMARY KEY, rgn_desc TEXT NOT NULL);',
  'CREATE TABLE stat_ref (stat_cd TEXT PRIMARY KEY, stat_desc TEXT NOT NULL);',
  'CREATE TABLE pmt_mthd_ref (pmt_mthd_cd TEXT PRIMARY KEY, pmt_mthd_desc TEXT NOT NULL);',
  'CREATE TABLE sls_rep (rep_cd TEXT PRIMARY KEY, rep_nm TEXT NOT NULL, rgn_cd TEXT NOT NULL REFERENCES rgn_ref (rgn_cd), hire_dt DATE);',
  'CREATE TABLE cust_mst (cust_no TEXT PRIMARY KEY, cust_nm TEXT NOT NULL, addr_ln1 TEXT, cty_nm TEXT, st_cd TEXT, zip_cd TEXT, ph_no TEXT, crd_lmt NUMERIC, pmt_trm_cd TEXT, rep_cd TEXT REFERENCES sls_rep (rep_cd), open_dt DATE, actv_flg TEXT NOT NULL);',
  'CREATE TABLE itm_grp (grp_cd TEXT PRIMARY KEY, grp_desc TEXT NOT NULL);',
  'CREATE TABLE itm_mst (itm_cd TEXT PRIMARY KEY, itm_desc TEXT NOT NULL, grp_cd TEXT NOT NULL REFERENCES itm_grp (grp_cd), uom_cd TEXT NOT NULL, unt_cst NUMERIC NOT NULL, lst_prc NUMERIC NOT NULL, actv_flg TEXT NOT NULL);',
  'CREATE TABLE inv_hdr (inv_no INTEGER PRIMARY KEY, cust_no TEXT NOT NULL REFERENCES cust_mst (cust_no), inv_dt DATE NOT NULL, due_dt DATE NOT NULL, rep_cd TEXT REFERENCES sls_rep (rep_cd), stat_cd TEXT NOT NULL REFERENCES stat_ref (stat_cd), sub_amt NUMERIC NOT NULL, tax_amt NUMERIC NOT NULL, tot_amt NUMERIC NOT NULL);',
  'CREATE TABLE inv_dtl (inv_no INTEGER NOT NULL REFERENCES inv_hdr (inv_no), ln_no INTEGER NOT NULL, itm_cd TEXT NOT NULL REFERENCES itm_mst (itm_cd), qty INTEGER NOT NULL, unt_prc NUMERIC NOT NULL, disc_pct NUMERIC NOT NULL, ext_amt NUMERIC NOT NULL, PRIMARY KEY (inv_no, ln_no));',
  'CREATE TABLE pmt_rcpt (rcpt_no INTEGER PRIMARY KEY, inv_no INTEGER NOT NULL REFERENCES inv_hdr (inv_no), cust_no TEXT NOT NULL REFERENCES cust_mst (cust_no), rcpt_dt DATE NOT NULL, rcpt_amt NUMERIC NOT NULL, pmt_mthd_cd TEXT NOT NULL REFERENCES pmt_mthd_ref (pmt_mthd_cd));',
];
const insert = (table: string, values: (string | number | null)[]) =>
  lines.push(`INSERT INTO ${table} VALUES(${values.map(quote).join(',')});`);

for (const [code, name] of regions) insert('rgn_ref', [code, name]);
for (const [code, name] of [
  ['O', 'OPEN'],
  ['P', 'PAID'],
  ['V', 'VOID'],
])
  insert('stat_ref', [code ?? '', name ?? '']);
const methods: [string, string, number][] = [
  ['CHK', 'CHECK', 5],
  ['ACH', 'ACH TRANSFER', 6],
  ['CC', 'CREDIT CARD', 3],
  ['WIR', 'WIRE', 1],
];
for (const [code, name] of methods) insert('pmt_mthd_ref', [code, name]);
for (const rep of reps) insert('sls_rep', [rep.code, rep.name, rep.region, rep.hired]);
for (const [code, name] of groups) insert('itm_grp', [code, name]);

// Items: each line of the table, once per size, numbered within its group.
interface Item {
  code: string;
  cost: number;
  price: number;
  popularity: number;
}
const items: Item[] = [];
const numberInGroup = new Map<string, number>();
for (const line of itemTable.trim().split('\n')) {
  const [group = '', description = '', unit = '', sizes = '', price = '', step = ''] = line.split(' | ');
  (sizes === '-' ? [''] : sizes.split(',')).forEach((size, index) => {
    const next = (numberInGroup.get(group) ?? 1000) + 1;
    numberInGroup.set(group, next);
    const listPrice = cents(Number(price) + index * Number(step));
    const item = {
      code: `${group}-${next}`,
      cost: cents(listPrice * random.int(55, 72) * 0.01),
      price: listPrice,
      popularity: random.chance(0.05) ? 0 : random.int(1, 8),
    };
    items.push(item);
    insert('itm_mst', [
      item.code,
      description.replace('{}', size),
      group,
      unit,
      item.cost,
      item.price,
      random.chance(0.92) ? 'Y' : 'N',
    ]);
  });
}

// Customers: contractors, each with a rep of their region, payment terms and habits.
interface Customer {
  no: string;
  rep: string;
  state: (typeof states)[number];
  terms: number;
  payDelay: number;
  activity: number;
  opened: number;
}
const customers: Customer[] = [];
const usedNames = new Set<string>();
for (let index = 1; index <= scale.customers; index++) {
  let name = '';
  while (name === '' || usedNames.has(name))
    name = `${random.pick(owners)} ${random.pick(trades)} ${random.pick(suffixes)}`;
  usedNames.add(name);
  const state = random.weighted(states.map((entry) => [entry, stateWeights[entry.code] ?? 1] as const));
  const rep = random.pick(reps.filter((entry) => entry.region === state.region));
  const terms = random.weighted([
    [30, 6],
    [45, 3],
    [60, 1],
  ] as const);
  const opened = Date.UTC(random.int(2005, 2023), random.int(0, 11), random.int(1, 28));
  const customer: Customer = {
    no: `C${10_000 + index}`,
    rep: rep.code,
    state,
    terms,
    payDelay: random.int(12, 70),
    activity: random.chance(0.1) ? 0 : random.int(1, 10),
    opened,
  };
  customers.push(customer);
  insert('cust_mst', [
    customer.no,
    name,
    `${random.int(100, 9999)} ${random.pick(['INDUSTRIAL', 'COMMERCE', 'MAIN', 'RAILROAD', 'AIRPORT', 'BUSINESS PARK'])} ${random.pick(['DR', 'BLVD', 'ST', 'RD', 'PKWY'])}`,
    random.pick(state.cities),
    state.code,
    String(random.int(10_000, 99_999)),
    `${random.int(200, 989)}${random.int(200, 999)}${random.int(1000, 9999)}`,
    random.pick([5000, 10_000, 15_000, 25_000, 25_000, 50_000, 75_000]) + (random.chance(0.05) ? 25_000 : 0),
    `N${terms}`,
    customer.rep,
    isoDate(opened),
    customer.activity === 0 && random.chance(0.6) ? 'N' : random.chance(0.95) ? 'Y' : 'N',
  ]);
}

// Invoices over 2022 to mid-2024; each customer pays after its usual delay, a few never do.
const buyers = customers.filter((customer) => customer.activity > 0);
const days = Array.from(
  { length: scale.invoices },
  () => firstDay + random.int(0, (lastDay - firstDay) / day) * day,
).sort((a, b) => a - b);
let receiptNo = 500_000;
days.forEach((invoiced, index) => {
  const invoiceNo = 10_001 + index;
  const customer = random.weighted(
    buyers.filter((entry) => entry.opened <= invoiced).map((entry) => [entry, entry.activity] as const),
  );
  const lineCount = random.weighted([
    [1, 4],
    [2, 4],
    [3, 3],
    [4, 2],
    [6, 1],
    [8, 1],
  ] as const);
  const chosen = new Set<Item>();
  const pool = items.map((item) => [item, item.popularity] as const);
  while (chosen.size < lineCount) chosen.add(random.weighted(pool));
  let subtotal = 0;
  const details: (string | number)[][] = [];
  [...chosen].forEach((item, lineIndex) => {
    // Big-ticket items go one to three at a time, mid-priced ones by the handful, cheap ones in bulk.
    const quantity =
      item.price > 500
        ? random.int(1, 3)
        : item.price > 60
          ? random.weighted([
              [1, 3],
              [2, 3],
              [3, 2],
              [5, 2],
              [10, 1],
            ] as const)
          : random.weighted([
              [2, 2],
              [5, 3],
              [10, 3],
              [25, 2],
              [50, 1],
            ] as const);
    const discount = quantity >= 25 ? random.pick([5, 10]) : random.chance(0.1) ? 5 : 0;
    const amount = cents((quantity * item.price * (100 - discount)) / 100);
    subtotal = cents(subtotal + amount);
    details.push([invoiceNo, lineIndex + 1, item.code, quantity, item.price, discount, amount]);
  });
  const tax = cents(subtotal * customer.state.rate);
  const total = cents(subtotal + tax);
  const due = invoiced + customer.terms * day;
  const voided = random.chance(0.03);
  const neverPaid = random.chance(0.015);
  const paid = invoiced + Math.max(1, customer.payDelay + random.int(-10, 20)) * day;
  const status = voided ? 'V' : neverPaid || paid > extracted ? 'O' : 'P';
  insert('inv_hdr', [
    invoiceNo,
    customer.no,
    isoDate(invoiced),
    isoDate(due),
    customer.rep,
    status,
    subtotal,
    tax,
    total,
  ]);
  for (const detail of details) insert('inv_dtl', detail);
  if (status === 'P') {
    receiptNo += 1;
    insert('pmt_rcpt', [
      receiptNo,
      invoiceNo,
      customer.no,
      isoDate(paid),
      total,
      random.weighted(methods.map(([code, , weight]) => [code, weight] as const)),
    ]);
  }
});
lines.push('COMMIT;');

const target = fileURLToPath(new URL('ar-ledger.sql', import.meta.url));
writeFileSync(target, `${lines.join('\n')}\n`);
console.log(`Wrote ${target}`);
