import Almanac

/// Placeholder: the batch protocol lands with the CLI work.
public enum BatchProtocol {}
