import type { ConnectionField } from './engine-descriptor.ts';

/** The details of an engine reached over the network with a user and password (PostgreSQL, MySQL). */
export function serverFields(defaultPort: number): readonly ConnectionField[] {
  return [
    { name: 'host', label: 'Host', input: 'text', required: true, placeholder: 'db.example.com' },
    { name: 'port', label: 'Port', input: 'port', default: defaultPort },
    { name: 'user', label: 'User', input: 'text', required: true },
    { name: 'password', label: 'Password', input: 'password', secret: true },
    { name: 'database', label: 'Database', input: 'text', required: true },
  ];
}
