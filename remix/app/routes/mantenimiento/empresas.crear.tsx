export { action, default, ErrorBoundary, loader, meta } from './empresas.$id._index'
