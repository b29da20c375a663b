export { action, default, ErrorBoundary, loader, meta } from './areas.$id'
