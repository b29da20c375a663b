import { areas } from '@planillas/db'
import { catalogRoutes } from './routes'

export const areaRoutes = catalogRoutes({
  table: areas,
  resource: 'areas',
  access: { module: 'areas' },
  noun: { one: 'el área', title: 'Áreas' },
  duplicateMessage: 'Ya existe un área con la misma descripción',
  uniqueConstraint: 'areas_description_unique',
})
