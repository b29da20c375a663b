export { action, default, ErrorBoundary, loader, meta } from './bancos.$code'
