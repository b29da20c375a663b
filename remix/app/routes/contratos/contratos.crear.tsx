export { action, default, ErrorBoundary, loader, meta } from './contratos.$id.editar'
