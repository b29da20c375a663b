export { action, default, ErrorBoundary, loader, meta } from './pagos.catalogos.lineas-de-gasto.$id'
