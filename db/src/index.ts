export * from './audit'
export * from './client'
export * as schema from './schema/index'
export * from './schema/index'
