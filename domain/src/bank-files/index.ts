export * from './bcp'
export * from './common'
export * from './encode'
export * from './generic-cci'
