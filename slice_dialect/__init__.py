"""The ``slice`` dialect: every framework's slice as an xDSL op, and a pipeline to C."""
