export { action, default, ErrorBoundary, loader, meta } from './pagos.catalogos.tipos-de-proyecto.$id'
