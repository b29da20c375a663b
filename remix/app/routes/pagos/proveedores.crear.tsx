export { action, default, ErrorBoundary, loader, meta } from './proveedores.$supplierId'
