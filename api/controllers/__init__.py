"""The API's resources, one controller per module."""
