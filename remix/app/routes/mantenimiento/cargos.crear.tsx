export { action, default, ErrorBoundary, loader, meta } from './cargos.$id'
