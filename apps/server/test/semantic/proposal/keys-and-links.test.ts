import { type SchemaInfo, semanticModelSchema } from '@querent/contracts';
import { describe, expect, it } from 'vitest';
import { proposeSemanticModel } from '../../../src/semantic/proposal/propose-model.ts';
import { schemaOf, table } from './schema-builder.ts';

/*
 * Which tables become datasets and how they join: declared keys and keys read from names,
 * composite keys, link tables with and without a key, keyless facts kept and keyless leftovers
 * dropped, references read from every way of naming one, and the same model whatever the
 * order the schema lists its tables in.
 */

const relationshipsOf = (schema: SchemaInfo) =>
  proposeSemanticModel({ schema }).relationships.map(
    (r) =>
      `${r.name}: ${r.from.dataset}(${r.from.columns.join(',')}) -> ${r.to.dataset}(${r.to.columns.join(',')}) ${r.cardinality}`,
  );

describe('keys and link tables', () => {
  const schema = schemaOf([
    // No declared key anywhere: keys come from the columns' names.
    {
      name: 'Students',
      columns: [
        ['StudentID', 'int'],
        ['FullName', 'nvarchar(100)'],
      ],
    },
    {
      name: 'course',
      columns: [
        ['id', 'int'],
        ['title', 'text'],
        ['credits', 'int'],
      ],
    },
    // A link table without a key: one row per pair.
    {
      name: 'student_courses',
      columns: [
        ['student_id', 'int'],
        ['course_id', 'int'],
        ['enrolled_on', 'date'],
      ],
    },
    // A keyless fact: it refers to a student and holds a number and a date.
    {
      name: 'grade_events',
      columns: [
        ['student_id', 'int'],
        ['graded_at', 'timestamp'],
        ['score', 'real'],
        ['note', 'text'],
      ],
    },
    // A keyless leftover: no reference, nothing to count by.
    { name: 'import_log', columns: [['line', 'text']] },
    // Extends a student one to one: its key is the student's.
    {
      name: 'student_profile',
      columns: [
        ['student_id', 'int'],
        ['bio', 'text'],
      ],
      primaryKey: ['student_id'],
    },
    // A composite key, referred to by a composite reference, and a role-named reference.
    {
      name: 'sections',
      columns: [
        ['course_id', 'int'],
        ['term', 'text'],
        ['room', 'text'],
        ['lead_student_id', 'int'],
      ],
      primaryKey: ['course_id', 'term'],
    },
  ]);
  const model = proposeSemanticModel({ schema });
  const dataset = (name: string) => model.datasets.find((candidate) => candidate.name === name);

  it('is a valid semantic model', () => {
    expect(semanticModelSchema.parse(model)).toEqual(model);
  });

  it('keeps keyed tables, link tables and keyless facts, and drops keyless leftovers', () => {
    expect(model.datasets.map((d) => [d.name, d.primaryKey])).toEqual([
      ['student', ['StudentID']],
      ['course', ['id']],
      ['grade_event', []],
      ['section', ['course_id', 'term']],
      ['student_course', ['student_id', 'course_id']],
      ['student_profile', ['student_id']],
    ]);
    expect(dataset('student')?.description).toBe('Key read from the column name StudentID.');
    expect(dataset('student_course')?.description).toBe(
      'Links Students and course: one row per pair (no key is declared).',
    );
    expect(dataset('grade_event')?.description).toMatch(/^No key/);
  });

  it('joins link tables to both sides, extensions one to one, and role-named columns to their table', () => {
    expect(relationshipsOf(schema)).toEqual([
      'grade_event_student: grade_event(student_id) -> student(StudentID) many_to_one',
      'section_course: section(course_id) -> course(id) many_to_one',
      'section_lead_student: section(lead_student_id) -> student(StudentID) many_to_one',
      'student_course_course: student_course(course_id) -> course(id) many_to_one',
      'student_course_student: student_course(student_id) -> student(StudentID) many_to_one',
      'student_profile_student: student_profile(student_id) -> student(StudentID) one_to_one',
    ]);
  });

  it('follows declared foreign keys only, composite ones included, when the database declares some', () => {
    const declared = schemaOf([
      { name: 'course', columns: [['id', 'int']], primaryKey: ['id'] },
      {
        name: 'section',
        columns: [
          ['course_id', 'int'],
          ['term', 'text'],
        ],
        primaryKey: ['course_id', 'term'],
      },
      {
        name: 'attendance',
        columns: [
          ['attendance_id', 'int'],
          ['course_ref', 'int'],
          ['term_ref', 'text'],
          ['student_id', 'int'],
        ],
        primaryKey: ['attendance_id'],
        foreignKeys: [{ columns: ['course_ref', 'term_ref'], table: 'section', to: ['course_id', 'term'] }],
      },
    ]);
    expect(relationshipsOf(declared)).toEqual([
      'attendance_section: attendance(course_ref,term_ref) -> section(course_id,term) many_to_one',
    ]);
  });
});

describe('references read from names', () => {
  const target = {
    name: 'customers',
    columns: [
      ['customer_id', 'integer'],
      ['name', 'text'],
    ] as const,
    primaryKey: ['customer_id'],
  };
  const referring = (column: string, type = 'integer') =>
    relationshipsOf(
      schemaOf([
        target,
        {
          name: 'visits',
          columns: [
            ['visit_id', 'integer'],
            [column, type],
          ],
          primaryKey: ['visit_id'],
        },
      ]),
    );

  it.each([
    ['customer_id', 'visit_customer'],
    ['CustomerId', 'visit_customer'],
    ['customerId', 'visit_customer'],
    ['CUSTOMERID', 'visit_customer'],
    ['Customer ID', 'visit_customer'],
    ['fk_customer', 'visit_customer'],
    ['cust_id', 'visit_customer'],
    ['customers_id', 'visit_customer'],
    ['billing_customer_id', 'visit_billing_customer'],
  ])('reads %s as a reference to customers', (column, name) => {
    expect(referring(column)).toEqual([`${name}: visit(${column}) -> customer(customer_id) many_to_one`]);
  });

  it.each([['customer'], ['customer_name'], ['id_customer_code']])('does not read %s as one', (column) => {
    expect(referring(column)).toEqual([]);
  });

  it('does not join a text column to a numeric key', () => {
    expect(referring('customer_id', 'varchar(20)')).toEqual([]);
  });

  it('says the reference was inferred', () => {
    const [relationship] = proposeSemanticModel({
      schema: schemaOf([
        target,
        {
          name: 'visits',
          columns: [
            ['visit_id', 'integer'],
            ['customer_id', 'integer'],
          ],
          primaryKey: ['visit_id'],
        },
      ]),
    }).relationships;
    expect(relationship?.description).toBe(
      'Inferred from the column name customer_id: the database declares no foreign key.',
    );
  });

  it('prefers the table of its own schema, and names datasets apart by schema when tables share a name', () => {
    const schema: SchemaInfo = {
      introspectedAt: '2026-11-28T00:00:00.000Z',
      schemas: [
        {
          name: 'crm',
          tables: [
            table(target, 'crm'),
            table(
              {
                name: 'visits',
                columns: [
                  ['visit_id', 'int'],
                  ['customer_id', 'int'],
                ],
                primaryKey: ['visit_id'],
              },
              'crm',
            ),
          ],
        },
        { name: 'shop', tables: [table(target, 'shop')] },
      ],
    };
    const model = proposeSemanticModel({ schema });
    expect(model.datasets.map((d) => [d.name, d.source])).toEqual([
      ['crm_customer', { schema: 'crm', table: 'customers' }],
      ['visit', { schema: 'crm', table: 'visits' }],
      ['shop_customer', { schema: 'shop', table: 'customers' }],
    ]);
    expect(model.relationships.map((r) => r.to.dataset)).toEqual(['crm_customer']);
  });
});

describe('a warehouse star schema without declared keys', () => {
  const schema = schemaOf([
    {
      name: 'DIM_CUSTOMER',
      columns: [
        ['CUSTOMER_KEY', 'NUMBER(38,0)'],
        ['SEGMENT', 'VARCHAR'],
      ],
    },
    {
      name: 'DIM_DATE',
      columns: [
        ['DATE_KEY', 'NUMBER(38,0)'],
        ['FULL_DATE', 'DATE'],
        ['FISCAL_YEAR', 'NUMBER(4,0)'],
      ],
    },
    {
      name: 'FCT_SALES',
      columns: [
        ['CUSTOMER_KEY', 'NUMBER(38,0)'],
        ['DATE_KEY', 'NUMBER(38,0)'],
        ['NET_REVENUE', 'NUMBER(12,2)'],
        ['UNITS', 'NUMBER(10,0)'],
        ['CHANNEL', 'VARCHAR'],
      ],
    },
  ]);
  const model = proposeSemanticModel({ schema });

  it('keys dimensions by their surrogate keys, keeps the keyless fact, and labels them by their subject', () => {
    expect(model.datasets.map((d) => [d.name, d.label, d.primaryKey])).toEqual([
      ['dim_customer', 'Customer', ['CUSTOMER_KEY']],
      ['dim_date', 'Date', ['DATE_KEY']],
      ['fct_sale', 'Sale', []],
    ]);
    expect(model.datasets[2]?.synonyms).toEqual(['fct sales', 'fct sale', 'sales']);
  });

  it('joins the fact to its dimensions and measures it', () => {
    expect(relationshipsOf(schema)).toEqual([
      'fct_sale_customer: fct_sale(CUSTOMER_KEY) -> dim_customer(CUSTOMER_KEY) many_to_one',
      'fct_sale_date: fct_sale(DATE_KEY) -> dim_date(DATE_KEY) many_to_one',
    ]);
    expect(model.datasets[2]?.measures.map((m) => m.name)).toEqual([
      'fct_sale_count',
      'net_revenue',
      'units',
    ]);
    expect(model.metrics.map((m) => m.name)).toEqual([
      'dim_customer_count',
      'dim_date_count',
      'fct_sale_count',
      'fct_sale_net_revenue',
    ]);
  });
});

describe('determinism', () => {
  it('proposes the same model, in the same order, however the schema lists its tables', () => {
    const specs = [
      {
        name: 'orders',
        columns: [
          ['order_id', 'int'],
          ['customer_id', 'int'],
          ['amount', 'numeric'],
          ['placed_at', 'timestamp'],
        ] as const,
        primaryKey: ['order_id'],
      },
      {
        name: 'customers',
        columns: [
          ['customer_id', 'int'],
          ['segment', 'text'],
        ] as const,
        primaryKey: ['customer_id'],
      },
      {
        name: 'order_items',
        columns: [
          ['order_id', 'int'],
          ['sku', 'text'],
          ['qty', 'int'],
        ] as const,
        primaryKey: ['order_id', 'sku'],
      },
    ];
    const forward = proposeSemanticModel({ schema: schemaOf(specs) });
    const backward = proposeSemanticModel({ schema: schemaOf([...specs].reverse()) });
    expect(JSON.stringify(backward)).toBe(JSON.stringify(forward));
    expect(JSON.stringify(proposeSemanticModel({ schema: schemaOf(specs) }))).toBe(JSON.stringify(forward));
  });
});
