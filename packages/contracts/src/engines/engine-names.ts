// Apart from the registry: a bundle that only needs the names (the chat's first load) does not
// carry every descriptor with them, as a module goes whole into the one chunk that holds it.

/** The engines a database can be, in the order the setup funnel offers them. */
export const engines = ['postgres', 'mysql', 'snowflake', 'sqlite', 'bigquery', 'motherduck'] as const;
export type Engine = (typeof engines)[number];

export function isEngine(name: string): name is Engine {
  return (engines as readonly string[]).includes(name);
}
