export * from './agencies.ts';
export * from './clients.ts';
export * from './users.ts';
export * from './sessions.ts';
export * from './mails.ts';
