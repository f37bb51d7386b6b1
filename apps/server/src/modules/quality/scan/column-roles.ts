/*
 * What a column's name says about its role, for engines whose types do not (SQLite keeps dates
 * as text): a date or time ("ordered_at", "InvoiceDate"), or an identifier.
 */

const temporalName = /(^|_)(at|on|date|time|timestamp|day)$|[a-z](Date|Time|At)$/i;

export function looksTemporal(column: string): boolean {
  return temporalName.test(column);
}
