"""Several instances of the service on one database: the replica run (``make replicas``,
``python -m tests.replicas.run``) and the test that no instance keeps state of its own."""
