export { action, default, ErrorBoundary, loader, meta } from './reclutamiento.postulantes.$id.editar'
