export { action, default, ErrorBoundary, loader, meta } from './reclutamiento.vacantes.$id.editar'
