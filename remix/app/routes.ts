import type { RouteConfig } from '@react-router/dev/routes'
import { flatRoutes } from '@react-router/fs-routes'

/**
 * The folders of `routes/`, one per menu section (remix/app/menu.ts). Inside each, route files keep
 * their whole flat name, so a file's name is its address (`pagos/pagos.$paymentId.aprobar.tsx` is
 * /pagos/:paymentId/aprobar) and a section may hold several first segments ('Pagos a proveedores'
 * holds /pagos and /proveedores). Each section's own screens live in its `+shared/` folder, which
 * holds no `route.tsx` and so no route.
 */
export const SECTIONS = [
  'mantenimiento',
  'colaboradores',
  'contratos',
  'planillas',
  'pagos',
  'reclutamiento',
] as const

/** The routes outside a section (sign-in, the dashboard, shared resources) and each section's. */
export default [
  ...(await flatRoutes()),
  ...(
    await Promise.all(SECTIONS.map((section) => flatRoutes({ rootDirectory: `routes/${section}` })))
  ).flat(),
] satisfies RouteConfig
