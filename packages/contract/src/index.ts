export * from './common';
export * from './endpoints';
export * from './envelope';
export * from './health';
export * from './limits';
export * from './users';
