export * from './constants';
export * from './errors';
export * from './messages';
export * from './money';
export * from './parts';
export * from './paths';
export * from './reviews';
export * from './users';
