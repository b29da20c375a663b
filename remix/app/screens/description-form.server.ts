import type { Permission } from '@planillas/domain'
import type { LoaderFunctionArgs } from 'react-router'
import type { z } from 'zod'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { forgetCatalogs } from '~/catalogs.server'
import { idParam, saveForm } from '~/form.server'
import { orBackToList } from '~/record.server'

type Options = {
  /** The catalogue's API resource (its endpoints are in the API contract). */
  resource: 'areas' | 'positions' | 'expense-lines' | 'project-types' | 'reject-reasons'
  permission: Permission
  basePath: string
  schema: z.ZodType<{ description: string }>
  /** The caches a save makes stale; the employees' catalogues (areas, positions) unless said. */
  forget?: () => void
}

/** Loader and action shared by the create and edit routes of a described catalog. */
export function descriptionFormRoute(options: Options) {
  return {
    loader: async ({ request, params }: LoaderFunctionArgs) => {
      await requirePermission(request, options.permission)
      const value = params.id
      if (!value) return { record: null }
      return {
        record: await orBackToList(request, options.basePath, () =>
          call(request, `GET /${options.resource}/:id`, { params: { id: idParam(value) } }),
        ),
      }
    },
    action: async ({ request, params }: LoaderFunctionArgs) => {
      await requirePermission(request, options.permission)
      const id = params.id ? idParam(params.id) : null
      return saveForm(request, await request.formData(), {
        schema: options.schema,
        save: async (value) => {
          let savedId = id
          if (savedId)
            await call(request, `PUT /${options.resource}/:id`, { params: { id: savedId }, body: value })
          else savedId = (await call(request, `POST /${options.resource}`, { body: value })).id
          // Areas and positions are catalogues the list filters and forms cache (líneas de gasto:
          // the vouchers list's filter).
          const forget = options.forget ?? forgetCatalogs
          forget()
          return savedId
        },
        successTo: (savedId) => `${options.basePath}/${savedId}`,
      })
    },
  }
}
