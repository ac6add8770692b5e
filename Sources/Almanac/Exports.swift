@_exported import AlmanacCore
