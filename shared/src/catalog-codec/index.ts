export * from './apply-delta';
export { CatalogCodecError } from './numeric-column';
export * from './snapshot-codec';
