@_exported import RillMarbles
