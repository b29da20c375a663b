export { action, default, ErrorBoundary, loader, meta } from './colaboradores.$id'
