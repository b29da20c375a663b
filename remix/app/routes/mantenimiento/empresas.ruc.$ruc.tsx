import type { LoaderFunctionArgs } from 'react-router'
import { lookupRuc } from '~/ruc-lookup.server'

/** The RUC look-up the company form calls as the 11th digit is typed (JSON, no page). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  lookupRuc(request, 'empresas_edicion', 'GET /companies/ruc/:ruc', params.ruc)
