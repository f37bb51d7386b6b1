import { columnFamily, type SchemaInfo } from '@querent/contracts';
import type { Connector } from '../../../src/connectors/index.ts';
import type { ColumnProfileEntry } from '../../../src/semantic/proposal/column-profiles.ts';

/*
 * Column profiles of a test database read straight through its connector (the app reads them
 * through runSql and the scan's profileTable): distinct counts of text columns, and the values of
 * those with few, most frequent first.
 */

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const options = { timeoutMs: 30_000, readOnly: true, rowCap: 1000 };

export async function connectorProfiles(
  connector: Connector,
  schema: SchemaInfo,
): Promise<ColumnProfileEntry[]> {
  const entries: ColumnProfileEntry[] = [];
  for (const group of schema.schemas) {
    for (const info of group.tables) {
      const texts = info.columns.filter((column) => columnFamily(column.type) === 'text');
      if (texts.length === 0) continue;
      const from = `${quote(group.name)}.${quote(info.name)}`;
      const counts = await connector.run(
        `SELECT ${texts.map((column) => `COUNT(DISTINCT ${quote(column.name)})`).join(', ')} FROM ${from}`,
        options,
      );
      for (const [index, column] of texts.entries()) {
        const distinctCount = Number(counts.rows[0]?.[index]);
        let topValues: string[] = [];
        if (distinctCount <= 50) {
          const name = quote(column.name);
          const values = await connector.run(
            `SELECT ${name}, COUNT(*) AS n FROM ${from} WHERE ${name} IS NOT NULL GROUP BY ${name} ORDER BY n DESC, ${name}`,
            options,
          );
          topValues = values.rows.map(([value]) =>
            typeof value === 'string' ? value : JSON.stringify(value),
          );
        }
        entries.push({ schema: group.name, table: info.name, column: column.name, distinctCount, topValues });
      }
    }
  }
  return entries;
}
