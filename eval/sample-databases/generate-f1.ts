import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createSeededRandom } from '../../apps/server/src/demo/seeded-random.ts';

/*
 * Writes f1.sql: five seasons of a motor-racing championship in the Ergast Motor Racing Database's
 * schema (plural lower-case tables, camelCase columns: races.raceId, results.driverId), for a check
 * set, from one seed so it is the same on every run. Run it again after changing it:
 *   node eval/sample-databases/generate-f1.ts
 * The circuits are real places; the drivers, teams and every result are invented here (Ergast's own
 * rows are under a non-commercial licence, so none are copied).
 */

const random = createSeededRandom(2019_05);
const years = [2019, 2020, 2021, 2022, 2023];

// ref | name | location | country (as Ergast writes it) | lat | lng | alt | laps | lap time (s) | Grand Prix
const circuitTable = `
albert_park | Albert Park Grand Prix Circuit | Melbourne | Australia | -37.8497 | 144.968 | 10 | 58 | 81 | Australian
bahrain | Bahrain International Circuit | Sakhir | Bahrain | 26.0325 | 50.5106 | 7 | 57 | 93 | Bahrain
shanghai | Shanghai International Circuit | Shanghai | China | 31.3389 | 121.22 | 5 | 56 | 95 | Chinese
baku | Baku City Circuit | Baku | Azerbaijan | 40.3725 | 49.8533 | -7 | 51 | 104 | Azerbaijan
catalunya | Circuit de Barcelona-Catalunya | Montmeló | Spain | 41.57 | 2.26111 | 109 | 66 | 80 | Spanish
monaco | Circuit de Monaco | Monte-Carlo | Monaco | 43.7347 | 7.42056 | 7 | 78 | 74 | Monaco
villeneuve | Circuit Gilles Villeneuve | Montreal | Canada | 45.5 | -73.5228 | 13 | 70 | 75 | Canadian
ricard | Circuit Paul Ricard | Le Castellet | France | 43.2506 | 5.79167 | 432 | 53 | 94 | French
red_bull_ring | Red Bull Ring | Spielberg | Austria | 47.2197 | 14.7647 | 678 | 71 | 67 | Austrian
silverstone | Silverstone Circuit | Silverstone | UK | 52.0786 | -1.01694 | 153 | 52 | 90 | British
hungaroring | Hungaroring | Budapest | Hungary | 47.5789 | 19.2486 | 264 | 70 | 79 | Hungarian
spa | Circuit de Spa-Francorchamps | Spa | Belgium | 50.4372 | 5.97139 | 401 | 44 | 107 | Belgian
zandvoort | Circuit Park Zandvoort | Zandvoort | Netherlands | 52.3888 | 4.54092 | 6 | 72 | 73 | Dutch
monza | Autodromo Nazionale di Monza | Monza | Italy | 45.6156 | 9.28111 | 162 | 53 | 83 | Italian
sochi | Sochi Autodrom | Sochi | Russia | 43.4057 | 39.9578 | 2 | 53 | 97 | Russian
marina_bay | Marina Bay Street Circuit | Marina Bay | Singapore | 1.2914 | 103.864 | 18 | 62 | 101 | Singapore
suzuka | Suzuka Circuit | Suzuka | Japan | 34.8431 | 136.541 | 45 | 53 | 93 | Japanese
americas | Circuit of the Americas | Austin | USA | 30.1328 | -97.6411 | 161 | 56 | 98 | United States
rodriguez | Autódromo Hermanos Rodríguez | Mexico City | Mexico | 19.4042 | -99.0907 | 2227 | 71 | 80 | Mexico City
interlagos | Autódromo José Carlos Pace | São Paulo | Brazil | -23.7036 | -46.6997 | 785 | 71 | 72 | São Paulo
yas_marina | Yas Marina Circuit | Abu Dhabi | UAE | 24.4672 | 54.6031 | 3 | 58 | 88 | Abu Dhabi
imola | Autodromo Enzo e Dino Ferrari | Imola | Italy | 44.3439 | 11.7167 | 37 | 63 | 78 | Emilia Romagna
portimao | Autódromo Internacional do Algarve | Portimão | Portugal | 37.227 | -8.6267 | 108 | 66 | 81 | Portuguese
jeddah | Jeddah Corniche Circuit | Jeddah | Saudi Arabia | 21.6319 | 39.1044 | 15 | 50 | 92 | Saudi Arabian
losail | Losail International Circuit | Al Daayen | Qatar | 25.49 | 51.4542 | 12 | 57 | 86 | Qatar
miami | Miami International Autodrome | Miami | USA | 25.9581 | -80.2389 | 2 | 57 | 92 | Miami
vegas | Las Vegas Strip Street Circuit | Las Vegas | USA | 36.1147 | -115.173 | 642 | 50 | 96 | Las Vegas
`;
const circuits = circuitTable
  .trim()
  .split('\n')
  .map((line) => {
    const [ref = '', name = '', location = '', country = '', ...rest] = line.split(' | ');
    const [lat, lng, alt, laps, lapSeconds] = rest.slice(0, 5).map(Number);
    return {
      ref,
      name,
      location,
      country,
      lat,
      lng,
      alt,
      laps: laps ?? 0,
      lapSeconds: lapSeconds ?? 0,
      grandPrix: rest[5] ?? '',
    };
  });

// Each season's calendar, in order, by circuit ref.
const calendarTable = `
2019: albert_park bahrain shanghai baku catalunya monaco villeneuve ricard red_bull_ring silverstone hungaroring spa monza sochi marina_bay suzuka rodriguez americas interlagos yas_marina
2020: red_bull_ring hungaroring silverstone catalunya spa monza portimao imola sochi bahrain yas_marina
2021: bahrain imola portimao catalunya monaco baku ricard red_bull_ring silverstone hungaroring spa zandvoort monza sochi americas rodriguez interlagos losail jeddah yas_marina
2022: bahrain jeddah albert_park imola miami catalunya monaco baku villeneuve silverstone red_bull_ring ricard hungaroring spa zandvoort monza marina_bay suzuka americas rodriguez interlagos yas_marina
2023: bahrain jeddah albert_park baku miami monaco catalunya villeneuve red_bull_ring silverstone hungaroring spa zandvoort monza marina_bay suzuka losail americas rodriguez interlagos vegas yas_marina
`;
const calendars: Record<number, string[]> = Object.fromEntries(
  calendarTable
    .trim()
    .split('\n')
    .map((line) => [Number(line.slice(0, 4)), line.slice(6).split(' ')]),
);
const firstRace: Record<number, string> = {
  2019: '2019-03-17',
  2020: '2020-07-05',
  2021: '2021-03-28',
  2022: '2022-03-20',
  2023: '2023-03-05',
};

// forename, surname, nationality, date of birth, permanent number, skill
const drivers: [string, string, string, string, number, number][] = [
  ['Tomas', 'Lindqvist', 'Swedish', '1994-02-11', 8, 9],
  ['Oliver', 'Hartley', 'British', '1996-07-23', 17, 8],
  ['Luca', 'Ferrante', 'Italian', '1993-11-02', 21, 7],
  ['Mateo', 'Aranda', 'Spanish', '1998-04-30', 14, 7],
  ['Felix', 'Brandt', 'German', '1990-09-15', 5, 6],
  ['Julien', 'Mercier', 'French', '1995-01-08', 10, 6],
  ['Kenji', 'Sato', 'Japanese', '1997-06-19', 22, 5],
  ['Daniel', 'Okafor', 'British', '2000-03-27', 33, 8],
  ['Sebastian', 'Kowalski', 'Polish', '1992-12-05', 88, 5],
  ['Max', 'Vermeulen', 'Dutch', '1999-10-14', 1, 9],
  ['Lucas', 'Moreau', 'Monegasque', '1997-08-03', 16, 7],
  ['Noah', 'Fischer', 'German', '2001-05-21', 47, 4],
  ['Ethan', 'Walsh', 'Australian', '1995-02-28', 3, 6],
  ['Carlos', 'Ibarra', 'Mexican', '1991-01-26', 11, 6],
  ['Pedro', 'Santos', 'Brazilian', '1996-11-30', 12, 5],
  ['Liam', "O'Connor", 'Irish', '1998-09-09', 28, 4],
  ['Aleksi', 'Virtanen', 'Finnish', '1989-10-17', 77, 5],
  ['Ryan', 'Mitchell', 'American', '2000-12-29', 2, 4],
  ['Marco', 'Bianchi', 'Italian', '1999-07-07', 99, 5],
  ['Henrik', 'Dahl', 'Danish', '1992-10-05', 20, 5],
  ['James', 'Whitfield', 'British', '2002-04-18', 23, 6],
  ['Yuki', 'Tanabe', 'Japanese', '2000-05-16', 26, 5],
  ['Arjun', 'Mehta', 'Indian', '2003-01-12', 45, 4],
  ['Nico', 'Steiner', 'Austrian', '2001-06-02', 27, 5],
  ['Theo', 'Laurent', 'French', '2004-03-25', 31, 6],
  ['Wei', 'Zhou', 'Chinese', '1999-05-30', 24, 4],
];

// ref, name, nationality
const constructors: [string, string, string][] = [
  ['aurora', 'Aurora Racing', 'British'],
  ['vesuvio', 'Scuderia Vesuvio', 'Italian'],
  ['falken', 'Falken Motorsport', 'German'],
  ['kestrel', 'Kestrel', 'British'],
  ['lumiere', 'Equipe Lumiere', 'French'],
  ['halcyon', 'Halcyon', 'American'],
  ['nordstern', 'Nordstern Racing', 'Austrian'],
  ['sakura', 'Sakura Racing', 'Japanese'],
  ['meridian', 'Meridian', 'Swiss'],
  ['tasman', 'Tasman Racing', 'New Zealander'],
];

// Each season's line-up: team number (1-based), its strength that year, and its two drivers.
const lineUps: Record<number, [number, number, number, number][]> = {
  2019: [
    [1, 10, 1, 2],
    [2, 9, 3, 11],
    [3, 8, 10, 5],
    [4, 6, 4, 8],
    [5, 5, 6, 17],
    [6, 3, 9, 14],
    [7, 5, 13, 7],
    [8, 2, 15, 16],
    [9, 4, 19, 20],
    [10, 2, 12, 18],
  ],
  2020: [
    [1, 10, 1, 2],
    [2, 7, 3, 11],
    [3, 9, 10, 5],
    [4, 6, 4, 8],
    [5, 5, 6, 17],
    [6, 3, 9, 14],
    [7, 5, 13, 7],
    [8, 3, 15, 16],
    [9, 4, 19, 20],
    [10, 2, 12, 18],
  ],
  2021: [
    [1, 10, 1, 8],
    [2, 7, 3, 11],
    [3, 10, 10, 5],
    [4, 5, 4, 2],
    [5, 5, 6, 14],
    [6, 3, 9, 21],
    [7, 6, 13, 7],
    [8, 3, 15, 22],
    [9, 4, 19, 20],
    [10, 2, 12, 18],
  ],
  2022: [
    [1, 8, 1, 8],
    [2, 9, 3, 11],
    [3, 10, 10, 5],
    [4, 6, 4, 2],
    [5, 4, 6, 14],
    [6, 4, 24, 21],
    [7, 6, 13, 7],
    [8, 3, 26, 22],
    [9, 4, 19, 20],
    [10, 2, 12, 23],
  ],
  2023: [
    [1, 8, 1, 8],
    [2, 8, 3, 11],
    [3, 10, 10, 25],
    [4, 7, 4, 2],
    [5, 4, 6, 14],
    [6, 4, 24, 21],
    [7, 6, 13, 7],
    [8, 3, 26, 22],
    [9, 5, 19, 20],
    [10, 2, 12, 23],
  ],
};

// statusId, status: Ergast's own ids for the reasons used here.
const statuses: [number, string][] = [
  [1, 'Finished'],
  [2, 'Disqualified'],
  [3, 'Accident'],
  [4, 'Collision'],
  [5, 'Engine'],
  [6, 'Gearbox'],
  [7, 'Transmission'],
  [9, 'Hydraulics'],
  [10, 'Electrical'],
  [11, '+1 Lap'],
  [12, '+2 Laps'],
  [20, 'Spun off'],
  [22, 'Suspension'],
  [23, 'Brakes'],
  [31, 'Retired'],
  [130, 'Collision damage'],
  [131, 'Power Unit'],
];
const retirements: [number, number][] = [
  [3, 5],
  [4, 6],
  [5, 3],
  [6, 2],
  [7, 1],
  [9, 2],
  [10, 1],
  [20, 2],
  [22, 2],
  [23, 2],
  [31, 3],
  [130, 4],
  [131, 2],
];
const pointsFor = [25, 18, 15, 12, 10, 8, 6, 4, 2, 1];

const day = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const quote = (value: string | number | null) =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;
const three = (value: number) => String(value).padStart(3, '0');
const two = (value: number) => String(value).padStart(2, '0');
/** A lap or qualifying time as Ergast writes it: 1:23.456. */
const lapTime = (ms: number) =>
  `${Math.floor(ms / 60_000)}:${two(Math.floor(ms / 1000) % 60)}.${three(ms % 1000)}`;
/** A race time: 1:32:04.512. */
const raceTime = (ms: number) =>
  `${Math.floor(ms / 3_600_000)}:${two(Math.floor(ms / 60_000) % 60)}:${two(Math.floor(ms / 1000) % 60)}.${three(ms % 1000)}`;
const gapTime = (ms: number) =>
  ms >= 60_000 ? `+${lapTime(ms)}` : `+${Math.floor(ms / 1000)}.${three(ms % 1000)}`;
/** Race form: strength plus a spread of luck, as a sum of uniforms (roughly normal). */
const form = (strength: number, spread: number) =>
  strength + spread * (random.next() + random.next() + random.next() - 1.5);

const lines: string[] = [
  '-- Generated by generate-f1.ts; do not edit by hand.',
  'BEGIN TRANSACTION;',
  'CREATE TABLE seasons (year INTEGER PRIMARY KEY, url TEXT NOT NULL);',
  'CREATE TABLE circuits (circuitId INTEGER PRIMARY KEY, circuitRef TEXT NOT NULL, name TEXT NOT NULL, location TEXT, country TEXT, lat REAL, lng REAL, alt INTEGER, url TEXT NOT NULL);',
  'CREATE TABLE constructors (constructorId INTEGER PRIMARY KEY, constructorRef TEXT NOT NULL, name TEXT NOT NULL, nationality TEXT);',
  'CREATE TABLE drivers (driverId INTEGER PRIMARY KEY, driverRef TEXT NOT NULL, number INTEGER, code TEXT, forename TEXT NOT NULL, surname TEXT NOT NULL, dob DATE, nationality TEXT);',
  'CREATE TABLE status (statusId INTEGER PRIMARY KEY, status TEXT NOT NULL);',
  'CREATE TABLE races (raceId INTEGER PRIMARY KEY, year INTEGER NOT NULL REFERENCES seasons (year), round INTEGER NOT NULL, circuitId INTEGER NOT NULL REFERENCES circuits (circuitId), name TEXT NOT NULL, date DATE NOT NULL, time TEXT, url TEXT);',
  'CREATE TABLE qualifying (qualifyId INTEGER PRIMARY KEY, raceId INTEGER NOT NULL REFERENCES races (raceId), driverId INTEGER NOT NULL REFERENCES drivers (driverId), constructorId INTEGER NOT NULL REFERENCES constructors (constructorId), number INTEGER NOT NULL, position INTEGER, q1 TEXT, q2 TEXT, q3 TEXT);',
  'CREATE TABLE results (resultId INTEGER PRIMARY KEY, raceId INTEGER NOT NULL REFERENCES races (raceId), driverId INTEGER NOT NULL REFERENCES drivers (driverId), constructorId INTEGER NOT NULL REFERENCES constructors (constructorId), number INTEGER, grid INTEGER NOT NULL, position INTEGER, positionText TEXT NOT NULL, positionOrder INTEGER NOT NULL, points REAL NOT NULL, laps INTEGER NOT NULL, time TEXT, milliseconds INTEGER, fastestLap INTEGER, rank INTEGER, fastestLapTime TEXT, fastestLapSpeed TEXT, statusId INTEGER NOT NULL REFERENCES status (statusId));',
  'CREATE TABLE pitStops (raceId INTEGER NOT NULL REFERENCES races (raceId), driverId INTEGER NOT NULL REFERENCES drivers (driverId), stop INTEGER NOT NULL, lap INTEGER NOT NULL, time TEXT NOT NULL, duration TEXT, milliseconds INTEGER, PRIMARY KEY (raceId, driverId, stop));',
];
const insert = (table: string, values: (string | number | null)[]) =>
  lines.push(`INSERT INTO ${table} VALUES(${values.map(quote).join(',')});`);

for (const year of years)
  insert('seasons', [year, `http://en.wikipedia.org/wiki/${year}_Formula_One_World_Championship`]);
circuits.forEach((circuit, index) =>
  insert('circuits', [
    index + 1,
    circuit.ref,
    circuit.name,
    circuit.location,
    circuit.country,
    circuit.lat ?? null,
    circuit.lng ?? null,
    circuit.alt ?? null,
    `http://en.wikipedia.org/wiki/${circuit.name.replaceAll(' ', '_')}`,
  ]),
);
constructors.forEach(([ref, name, nationality], index) =>
  insert('constructors', [index + 1, ref, name, nationality]),
);
drivers.forEach(([forename, surname, nationality, dob, number], index) =>
  insert('drivers', [
    index + 1,
    surname.toLowerCase().replaceAll("'", ''),
    number,
    surname.replaceAll("'", '').slice(0, 3).toUpperCase(),
    forename,
    surname,
    dob,
    nationality,
  ]),
);
for (const [id, status] of statuses) insert('status', [id, status]);

let raceId = 0;
let resultId = 0;
let qualifyId = 0;
for (const year of years) {
  let date = Date.parse(`${firstRace[year]}T00:00:00Z`);
  const calendar = calendars[year] ?? [];
  calendar.forEach((ref, roundIndex) => {
    const circuitIndex = circuits.findIndex((circuit) => circuit.ref === ref);
    const circuit = circuits[circuitIndex];
    if (circuit === undefined) throw new Error(`No circuit ${ref}`);
    const { laps, lapSeconds, grandPrix } = circuit;
    raceId += 1;
    if (roundIndex > 0)
      date +=
        random.weighted([
          [7, 5],
          [14, 4],
          [21, 1],
        ] as const) * day;
    const startHour = random.pick([5, 6, 12, 13, 13, 13, 14, 15, 19]);
    insert('races', [
      raceId,
      year,
      roundIndex + 1,
      circuitIndex + 1,
      `${grandPrix} Grand Prix`,
      isoDate(date),
      `${two(startHour)}:00:00`,
      `http://en.wikipedia.org/wiki/${year}_${grandPrix.replaceAll(' ', '_')}_Grand_Prix`,
    ]);
    const entries = (lineUps[year] ?? []).flatMap(([team, strength, first, second]) =>
      [first, second].map((driver) => ({
        team,
        driver,
        strength: strength + (drivers[driver - 1]?.[5] ?? 0),
      })),
    );
    const baseLap = lapSeconds * 1000;

    // Qualifying: everyone sets a Q1 time, the best 15 a Q2 time, the best 10 a Q3 time.
    const grid = entries
      .map((entry) => ({ ...entry, pace: form(entry.strength, 6) }))
      .sort((a, b) => b.pace - a.pace);
    grid.forEach((entry, index) => {
      const q = (session: number) =>
        lapTime(Math.round(baseLap * (1.012 - session * 0.004) - entry.pace * 60 + random.int(0, 250)));
      qualifyId += 1;
      insert('qualifying', [
        qualifyId,
        raceId,
        entry.driver,
        entry.team,
        drivers[entry.driver - 1]?.[4] ?? 0,
        index + 1,
        q(1),
        index < 15 ? q(2) : null,
        index < 10 ? q(3) : null,
      ]);
    });

    // The race: some retire, the rest finish in order of race form, the slowest a lap or two down.
    const raceMs = laps * baseLap * 1.04;
    const runners = grid.map((entry, gridIndex) => {
      const out = random.chance(0.09);
      const disqualified = !out && random.chance(0.004);
      return {
        ...entry,
        gridPosition: gridIndex + 1,
        pace: form(entry.strength, 7) - gridIndex * 0.15,
        out,
        disqualified,
        lapsDone: out ? random.int(0, laps - 1) : laps,
        statusId: out ? random.weighted(retirements) : disqualified ? 2 : 1,
      };
    });
    const finishers = runners
      .filter((runner) => !runner.out && !runner.disqualified)
      .sort((a, b) => b.pace - a.pace);
    const others = runners
      .filter((runner) => runner.out || runner.disqualified)
      .map((runner) => ({ ...runner, gap: 0 }))
      .sort((a, b) => Number(a.disqualified) - Number(b.disqualified) || b.lapsDone - a.lapsDone);
    let gap = 0;
    let ahead = finishers[0]?.pace ?? 0;
    const timed = finishers.map((runner, index) => {
      // Each car finishes behind the one ahead by its deficit in form plus traffic.
      if (index > 0) gap += Math.round((ahead - runner.pace) * 3000 + random.int(500, 6000));
      ahead = runner.pace;
      const lapsDown = Math.floor(gap / baseLap);
      return {
        ...runner,
        gap,
        lapsDone: laps - Math.min(lapsDown, 2),
        statusId: lapsDown === 0 ? 1 : lapsDown === 1 ? 11 : 12,
      };
    });
    // Fastest laps among everyone who completed one.
    const fastest = [...timed, ...others]
      .filter((runner) => runner.lapsDone > 0)
      .map((runner) => ({
        driver: runner.driver,
        ms: Math.round(baseLap * 1.02 - runner.pace * 50 + random.int(0, 900)),
        lap: random.int(Math.min(runner.lapsDone, 2), runner.lapsDone),
      }))
      .sort((a, b) => a.ms - b.ms);
    const fastestOf = (driver: number) => {
      const index = fastest.findIndex((lap) => lap.driver === driver);
      const lap = fastest[index];
      return lap === undefined ? null : { ...lap, rank: index + 1 };
    };
    const trackKm = (210 * baseLap) / 3_600_000;
    const fastestDriver = fastest[0]?.driver;
    [...timed, ...others].forEach((runner, index) => {
      const classified = index < timed.length;
      const position = classified ? index + 1 : null;
      let points = position !== null ? (pointsFor[position - 1] ?? 0) : 0;
      if (position !== null && position <= 10 && runner.driver === fastestDriver) points += 1;
      const lap = fastestOf(runner.driver);
      const finishedOnLeadLap = classified && runner.statusId === 1;
      const ms = finishedOnLeadLap ? Math.round(raceMs + runner.gap) : null;
      resultId += 1;
      insert('results', [
        resultId,
        raceId,
        runner.driver,
        runner.team,
        drivers[runner.driver - 1]?.[4] ?? 0,
        runner.gridPosition,
        position,
        position !== null ? String(position) : runner.disqualified ? 'D' : 'R',
        index + 1,
        points,
        runner.lapsDone,
        ms === null ? null : index === 0 ? raceTime(ms) : gapTime(ms - Math.round(raceMs)),
        ms,
        lap?.lap ?? null,
        lap?.rank ?? null,
        lap ? lapTime(lap.ms) : null,
        lap ? ((trackKm * 3_600_000) / lap.ms).toFixed(3) : null,
        runner.statusId,
      ]);
      // One to three stops for anyone who ran long enough to need them.
      if (runner.lapsDone >= 12) {
        const stops = random.weighted([
          [1, 4],
          [2, 5],
          [3, 1],
        ] as const);
        for (let stop = 1; stop <= stops; stop++) {
          const onLap = Math.min(
            runner.lapsDone - 1,
            Math.round((laps * stop) / (stops + 1)) + random.int(-4, 4),
          );
          const stopMs = random.int(19_200, 27_500) + (random.chance(0.04) ? random.int(3_000, 15_000) : 0);
          const clock = startHour * 3_600_000 + onLap * baseLap * 1.04;
          insert('pitStops', [
            raceId,
            runner.driver,
            stop,
            onLap,
            `${two(Math.floor(clock / 3_600_000))}:${two(Math.floor(clock / 60_000) % 60)}:${two(Math.floor(clock / 1000) % 60)}`,
            `${Math.floor(stopMs / 1000)}.${three(stopMs % 1000)}`,
            stopMs,
          ]);
        }
      }
    });
  });
}
lines.push('COMMIT;');

const target = fileURLToPath(new URL('f1.sql', import.meta.url));
writeFileSync(target, `${lines.join('\n')}\n`);
console.log(`Wrote ${target}`);
