import AGTraceCLI
import Foundation

exit(AGTraceCLI.main(CommandLine.arguments))
