import type { Permission } from '@planillas/domain'
import type { LoaderFunctionArgs } from '@remix-run/node'
import type { z } from 'zod'
import { api } from '~/api.server'
import { requirePermission } from '~/auth.server'
import { idParam, saveForm } from '~/form.server'

type Options = {
  api: string
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
        record: await api<{ id: number; code: string; description: string }>(
          request,
          `${options.api}/${idParam(params.id)}`,
        ),
      }
    },
    action: async ({ request, params }: LoaderFunctionArgs) => {
      await requirePermission(request, options.permission)
      const id = params.id ? idParam(params.id) : null
      return saveForm(request, await request.formData(), {
        schema: options.schema,
        save: async (value) => {
          if (id) {
            await api(request, `${options.api}/${id}`, { method: 'PUT', body: value })
            return id
          }
          return (await api<{ id: number }>(request, options.api, { body: value })).id
        },
        successTo: (savedId) => `${options.basePath}/${savedId}`,
      })
    },
  }
}
