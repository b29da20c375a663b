import type { Permission } from '@planillas/domain'
import type { LoaderFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'
import { call } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam, saveForm } from '~/form.server'
import { forgetCatalogs } from '~/screens/employees/catalogs.server'

type Options = {
  /** The catalogue's API resource (its endpoints are in the API contract). */
  resource: 'areas' | 'positions'
  permission: Permission
  basePath: string
  schema: z.ZodType<{ description: string }>
}

/** Loader and action shared by the create and edit routes of a described catalog. */
export function descriptionFormRoute(options: Options) {
  return {
    loader: async ({ request, params }: LoaderFunctionArgs) => {
      await requirePermission(request, options.permission)
      if (!params.id) return { record: null }
      return {
        record: await call(request, `GET /${options.resource}/:id`, { params: { id: idParam(params.id) } }),
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
          // Areas and positions are catalogues the list filters and forms cache.
          forgetCatalogs()
          return savedId
        },
        successTo: (savedId) => `${options.basePath}/${savedId}`,
      })
    },
  }
}
