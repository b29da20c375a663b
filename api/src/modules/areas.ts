import { areas } from '@planillas/db'
import { AreaSchema } from '@planillas/domain'
import { catalogRoutes } from './catalog/routes'

export const areaRoutes = catalogRoutes({
  table: areas,
  resource: 'areas',
  module: 'areas',
  noun: { one: 'el área', title: 'Áreas' },
  bodySchema: AreaSchema,
  duplicateMessage: 'Ya existe un área con la misma descripción',
  uniqueConstraint: 'areas_description_unique',
})
