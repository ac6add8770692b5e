import AlmanacStore
import PostgresNIO

// The PostgreSQL backend of AlmanacStore (StoreBackend) lands here.
