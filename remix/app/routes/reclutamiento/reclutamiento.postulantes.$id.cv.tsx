import type { LoaderFunctionArgs } from 'react-router'
import { apiDownload } from '~/api.server'
import { requireUser } from '~/auth.server'
import { idParam } from '~/form.server'

/** 'Ver CV' (a resource route: no component, so the file goes straight to the browser): the applicant's CV from the API, with its original name (the API checks the permission). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request)
  return await apiDownload(request, `/applicants/${idParam(params.id)}/cv`)
}
