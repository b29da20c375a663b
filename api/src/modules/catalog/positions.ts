import { positions } from '@planillas/db'
import { catalogRoutes } from './routes'

export const positionRoutes = catalogRoutes({
  table: positions,
  resource: 'positions',
  access: { module: 'cargos' },
  noun: { one: 'el cargo', title: 'Cargos' },
  duplicateMessage: 'Ya existe un cargo con la misma descripción',
  uniqueConstraint: 'positions_description_unique',
})
