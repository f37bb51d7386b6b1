export * from './context.ts';
export * from './conversations.ts';
export * from './engines.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './socket.ts';
export * from './user.ts';
