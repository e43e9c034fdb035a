from autograd_cli.cli import main

main()
