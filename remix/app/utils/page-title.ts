import type { MetaArgs, MetaDescriptor } from 'react-router'
import { isRouteErrorResponse } from 'react-router'

/** The titles of the error pages (ErrorPanel says the same in its heading). */
export const ERROR_TITLES: Record<number, string> = {
  403: 'Acceso denegado',
  404: 'Página no encontrada',
  503: 'Servicio no disponible',
}

export function errorTitle(error: unknown): string {
  const status = isRouteErrorResponse(error) ? error.status : 500
  return ERROR_TITLES[status] ?? 'Ocurrió un error'
}

/**
 * A route's `meta`: its title, or the error's when the route shows its error page, so a 403 does not
 * keep the title of the page it denied.
 */
export function pageTitle(title: string | ((args: MetaArgs) => string)) {
  return (args: MetaArgs): MetaDescriptor[] => [
    {
      title: `${args.error ? errorTitle(args.error) : typeof title === 'function' ? title(args) : title} | Planillas`,
    },
  ]
}
