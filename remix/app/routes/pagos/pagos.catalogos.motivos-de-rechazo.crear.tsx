export { action, default, ErrorBoundary, loader, meta } from './pagos.catalogos.motivos-de-rechazo.$id'
