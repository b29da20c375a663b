import { forgetCatalogs, forgetVoucherCatalogs } from '~/catalogs.server'
import type { StatusResource } from './status-resources'

/** After a status change the API accepted: the cached catalogue of the resource, if any, is forgotten. */
export function forgetCachedCatalogue(resource: StatusResource) {
  if (resource.cachedCatalogue === 'employees') forgetCatalogs()
  if (resource.cachedCatalogue === 'vouchers') forgetVoucherCatalogs()
}
